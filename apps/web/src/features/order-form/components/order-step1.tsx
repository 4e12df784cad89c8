import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { BODY_FLAGS, useBodyFlag } from '@/lib/body-flags';
import { useOrderDraft } from '../hooks/use-order-draft';
import { useStepErrors } from '../hooks/use-step-errors';
import { validateStep1 } from '../model/validation';
import { FormParamsGate } from './form-params-gate';
import { DESKTOP_QUERY, OrderStepLayout } from './order-step-layout';
import { DOCUMENT_PICKER_ID, Step1Form } from './step1-form';

function focusDocumentPicker() {
  const input = document.getElementById(DOCUMENT_PICKER_ID);
  input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  input?.focus();
  input?.click();
}

/** /order/step-1 */
export function OrderStep1() {
  const navigate = useNavigate();
  const draft = useOrderDraft();
  const { errors, check } = useStepErrors(() => validateStep1(draft.step1));
  const hasDocuments = draft.step1.documentsWithQuantity.length > 0;
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  // The support widget moves up by the strip's 48 px while it is on screen.
  useBodyFlag(BODY_FLAGS.bottomStrip, hasDocuments && !isDesktop);
  return (
    <OrderStepLayout
      step={1}
      title="Что переводим"
      nextLabel="Далее"
      onNext={() => {
        if (check()) void navigate('/order/step-2');
      }}
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
        <Step1Form errors={errors} />
      </FormParamsGate>
    </OrderStepLayout>
  );
}
