import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BODY_FLAGS, useBodyFlag } from '@/lib/body-flags';
import { lazyComponent } from '@/lib/lazy-component';
import { showErrorToast } from '@/lib/notify';
import { useAppNavigate } from '@/lib/navigation';
import { Staged } from '@/lib/staged-render';
import { useOrderDraft } from '../hooks/use-order-draft';
import { useValidationModel } from '../hooks/use-deferred-model';
import { useStepErrors } from '../hooks/use-step-errors';
import { formParamsQueryOptions } from '../api/form-params';
import { loadPricingModel, loadValidationModel } from '../model/deferred-model';
import { orderDraftStore } from '../model/draft-store';
import { applyDefaultOriginalLanguage } from '../model/default-language';
import { FormParamsGate, FormSkeleton } from './form-params-gate';
import { DESKTOP_QUERY, OrderStepLayout } from './order-step-layout';
import { DOCUMENT_PICKER_ID } from './step1-ids';

/**
 * The fields (document and language pickers, uploads, promo) are a chunk of their own: the step's
 * frame paints first, and the fields' code arrives while the form parameters are loading (decision 013).
 */
let step1FormModule: Promise<typeof import('./step1-form')> | null = null;
function loadStep1Form() {
  step1FormModule ??= import('./step1-form').catch((error: unknown) => {
    step1FormModule = null;
    throw error;
  });
  return step1FormModule;
}
// Drawn in the first render when `prepareOrderStep1` has loaded it (decision 041).
const { load: loadStep1FormComponent, Component: Step1Form } = lazyComponent(() =>
  loadStep1Form().then((module) => module.Step1Form),
);

/**
 * What step 1 needs to draw its whole form in one render: the catalogue, the fields' code and the price code.
 * While the build-time copy is on screen the live page has nothing to show before all three are there, so the
 * order pages' app awaits this before its first render (decision 041): one time-sliced render instead of a frame
 * followed by synchronous re-renders as each arrives (the catalogue's was the longest task of the page).
 */
export function prepareOrderStep1(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(formParamsQueryOptions),
    loadStep1FormComponent(),
    loadPricingModel(),
  ]).then(() => {
    // The fields' default source language, set before the first render: set by their effect, it re-rendered the
    // whole form in the page's next task (decision 083).
    const languages = queryClient.getQueryData(formParamsQueryOptions.queryKey)?.languages;
    if (languages) applyDefaultOriginalLanguage(orderDraftStore, languages);
  });
}

function focusDocumentPicker() {
  const picker = document.getElementById(DOCUMENT_PICKER_ID);
  if (!(picker instanceof HTMLSelectElement)) return;
  picker.scrollIntoView({ block: 'center', behavior: 'smooth' });
  picker.focus();
  // Opens the list at once where the browser can (the tap is the user activation it asks for); elsewhere the
  // focused picker opens on the next tap.
  try {
    picker.showPicker();
  } catch {
    // Not supported, or the picker is disabled: focus is enough.
  }
}

/** /order/step-1 */
export function OrderStep1() {
  const navigate = useAppNavigate();
  const draft = useOrderDraft();
  // The validators load on the first interaction; nothing is checked before 'Далее', which awaits them.
  const model = useValidationModel();
  useEffect(() => {
    loadStep1FormComponent().catch(() => undefined);
  }, []);
  const { errors, check } = useStepErrors(() => model?.validateStep1(draft.step1) ?? {});
  const hasDocuments = draft.step1.documentsWithQuantity.length > 0;
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  // The support widget moves up by the strip's 48 px while it is on screen.
  useBodyFlag(BODY_FLAGS.bottomStrip, hasDocuments && !isDesktop);
  return (
    <OrderStepLayout
      step={1}
      title="Что переводим"
      nextLabel="Далее"
      onNext={() =>
        loadValidationModel().then((loaded) => {
          if (check(() => loaded.validateStep1(draft.step1))) void navigate('/order/step-2');
        }, showErrorToast)
      }
      bottomStrip={
        hasDocuments ? (
          <Button
            variant="subtle"
            fullWidth
            radius={0}
            h={48}
            onClick={focusDocumentPicker}
            data-testid="add-document-strip"
          >
            + Добавить ещё документ
          </Button>
        ) : null
      }
    >
      <FormParamsGate>
        <Suspense fallback={<FormSkeleton />}>
          {/* In the first live render the fields come a task after the step's frame (decision 083). */}
          <Staged>
            <Step1Form errors={errors} />
          </Staged>
        </Suspense>
      </FormParamsGate>
    </OrderStepLayout>
  );
}
