import { NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { BODY_FLAGS, useBodyFlag } from '@/lib/body-flags';
import { useRemovePageSnapshot } from '@/lib/page-snapshot';
import { Staged } from '@/lib/staged-render';
import { useFormParams } from '../api/form-params';
import { useFileUploads } from '../hooks/use-file-uploads';
import { useDraftUpdater, useOrderDraft, useOrderDraftStore } from '../hooks/use-order-draft';
import { applyDefaultOriginalLanguage } from '../model/default-language';
import { useOrderSummary } from '../hooks/use-order-summary';
import { usePromo } from '../hooks/use-promo';
import type { FieldErrors } from '../model/draft-store';
import { pickError } from '../model/field-errors';
import { applyPagesToDocuments, buildFileQuote } from '../model/file-quote';
import { DocumentCard } from './document-card';
import { FileQuote } from './file-quote';
import { FileUpload } from './file-upload';
import { PromoField } from './promo-field';
import classes from './step1-form.module.css';
import { DOCUMENT_PICKER_ID } from './step1-ids';

/**
 * The pickers are the browser's own selects (decision 018): a phone opens its system list — large rows, no
 * keyboard over the options — and the page carries no dropdown code. The prompt is a first option that cannot
 * be chosen back.
 */
const DOCUMENT_PLACEHOLDER = { value: '', label: 'Выберите документ', disabled: true };
const LANGUAGE_PLACEHOLDER = { value: '', label: 'Выберите язык', disabled: true };

/** Keys that, on a closed select (Windows, Linux), step to the next option and report it as chosen at once. */
const STEPPING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End']);

/** Keys that open a focused select's list (stepping keys open it too, see below). */
const OPENING_KEYS = new Set([...STEPPING_KEYS, ' ', 'Enter', 'F4']);

/**
 * Choosing a document adds it, so the picker must not treat stepping through it as choosing: those keys open the
 * list instead (as on macOS), where the arrows move and Enter chooses.
 */
function openInsteadOfStepping(event: KeyboardEvent<HTMLSelectElement>): void {
  if (!STEPPING_KEYS.has(event.key) || event.altKey) return;
  event.preventDefault();
  try {
    event.currentTarget.showPicker();
  } catch {
    // Not supported: Alt+Down, Space or a click open the list.
  }
}

/** Step 1 fields: documents with quantities and assurances, languages, promo code, files. */
export function Step1Form({ errors }: { errors: FieldErrors }) {
  const { data: params } = useFormParams();
  const draft = useOrderDraft();
  const { updateStep1 } = useDraftUpdater();
  const step = draft.step1;
  const promo = usePromo(step.promoCode);
  const uploads = useFileUploads();
  // Each card shows its document's price as the live summary has it (under the language pair's tariff).
  const summary = useOrderSummary();
  const documentLines = new Map(
    (summary?.breakdown.lines ?? [])
      .filter((line) => line.kind === 'document')
      .map((line) => [line.refId, line] as const),
  );
  // A native select's list cannot be watched: the support widget hides from the moment the document picker is
  // touched, focused or opened from the keyboard until a choice is made or focus leaves, so it never covers the
  // options on a phone and comes back as soon as the list has closed with a choice.
  const [isPickerOpen, setPickerOpen] = useState(false);
  useBodyFlag(BODY_FLAGS.documentDropdownOpen, isPickerOpen);
  // The live fields are drawn: the build-time copy of the page gives way (decision 017).
  useRemovePageSnapshot();

  // Russian as the source language while none is chosen (step 1 opened with its build-time copy has it before
  // the first render: `prepareOrderStep1`).
  const languages = params?.languages;
  const store = useOrderDraftStore();
  useEffect(() => {
    if (languages) applyDefaultOriginalLanguage(store, languages);
  }, [languages, step.originalLanguage, store]);

  if (!params) return null;

  const fileQuote = buildFileQuote(params, draft);
  const chosenIds = new Set(step.documentsWithQuantity.map((item) => item.documentId));
  const languageOptions = [
    LANGUAGE_PLACEHOLDER,
    ...params.languages.map((language) => ({ value: language.code, label: language.name })),
  ];

  const addDocument = (documentId: string) => {
    if (!documentId || chosenIds.has(documentId)) return;
    updateStep1({ documentsWithQuantity: [...step.documentsWithQuantity, { documentId, quantity: 1 }] });
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="documents-heading">
        <Title order={2} size="h4" id="documents-heading" mb="xs">
          Какие документы перевести?
        </Title>
        <Stack gap="sm">
          <NativeSelect
            id={DOCUMENT_PICKER_ID}
            label={step.documentsWithQuantity.length > 0 ? 'Добавить ещё документ' : 'Документ'}
            // Always shows the prompt: a chosen document becomes a card below and leaves the list. The cards
            // follow the picker, so Tab after a choice reaches the new card's quantity and assurances.
            value=""
            classNames={{ input: classes.prompt }}
            onChange={(event) => {
              addDocument(event.currentTarget.value);
              setPickerOpen(false);
            }}
            data={[
              DOCUMENT_PLACEHOLDER,
              ...params.documents
                .filter((document) => !chosenIds.has(document.id))
                .map((document) => ({ value: document.id, label: document.name })),
            ]}
            error={errors.documentsWithQuantity}
            onKeyDown={(event) => {
              openInsteadOfStepping(event);
              if (event.key === 'Escape') setPickerOpen(false);
              else if (OPENING_KEYS.has(event.key)) setPickerOpen(true);
            }}
            onPointerDown={() => setPickerOpen(true)}
            onFocus={() => setPickerOpen(true)}
            onBlur={() => setPickerOpen(false)}
            size="md"
          />
          {step.documentsWithQuantity.map((item, index) => {
            const document = params.documents.find((candidate) => candidate.id === item.documentId);
            if (!document) return null;
            return (
              <DocumentCard
                key={item.documentId}
                document={document}
                unitPrice={documentLines.get(document.id)?.unitPrice ?? document.price}
                tariffName={documentLines.get(document.id)?.tariffName ?? null}
                quantity={item.quantity}
                assurances={params.assurances}
                selectedAssuranceIds={step.documentsAssurances
                  .filter((link) => link.documentId === item.documentId)
                  .map((link) => link.assuranceId)}
                error={pickError(errors, `documentsWithQuantity.${index}`)}
                onQuantityChange={(quantity) =>
                  updateStep1({
                    documentsWithQuantity: step.documentsWithQuantity.map((entry) =>
                      entry.documentId === item.documentId ? { ...entry, quantity } : entry,
                    ),
                  })
                }
                onToggleAssurance={(assuranceId, isChecked) =>
                  updateStep1({
                    documentsAssurances: isChecked
                      ? [...step.documentsAssurances, { documentId: item.documentId, assuranceId }]
                      : step.documentsAssurances.filter(
                          (link) =>
                            !(link.documentId === item.documentId && link.assuranceId === assuranceId),
                        ),
                  })
                }
                onRemove={() =>
                  updateStep1({
                    documentsWithQuantity: step.documentsWithQuantity.filter(
                      (entry) => entry.documentId !== item.documentId,
                    ),
                    documentsAssurances: step.documentsAssurances.filter(
                      (link) => link.documentId !== item.documentId,
                    ),
                  })
                }
              />
            );
          })}
        </Stack>
      </section>

      {/* Below the picker, in the first live render of the page each section takes a task of its own (decision 083). */}
      <Staged>
        <section aria-labelledby="languages-heading">
          <Title order={2} size="h4" id="languages-heading" mb="xs">
            Языки
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label="Язык оригинала"
              data={languageOptions}
              value={step.originalLanguage}
              classNames={{ input: step.originalLanguage ? undefined : classes.prompt }}
              onChange={(event) => updateStep1({ originalLanguage: event.currentTarget.value })}
              error={errors.originalLanguage}
              size="md"
            />
            <NativeSelect
              label="Язык перевода"
              data={languageOptions}
              value={step.targetLanguage}
              classNames={{ input: step.targetLanguage ? undefined : classes.prompt }}
              onChange={(event) => updateStep1({ targetLanguage: event.currentTarget.value })}
              error={errors.targetLanguage}
              size="md"
            />
          </SimpleGrid>
        </section>
      </Staged>

      <Staged>
        <section aria-labelledby="files-heading">
          <Title order={2} size="h4" id="files-heading" mb="xs">
            Сканы или фото документов
          </Title>
          <FileUpload
            uploaded={step.files}
            pending={uploads.pending}
            onAdd={uploads.addFiles}
            onRemoveUploaded={uploads.removeUploaded}
            onRemovePending={uploads.removePending}
            error={pickError(errors, 'files')}
          />
          <FileQuote
            quote={fileQuote}
            onApply={() => {
              if (!fileQuote?.perPage) return;
              updateStep1({
                documentsWithQuantity: applyPagesToDocuments(
                  step.documentsWithQuantity,
                  fileQuote.perPage.documentId,
                  fileQuote.perPage.quantity,
                ),
              });
            }}
          />
        </section>
      </Staged>

      <Staged>
        <PromoField
          value={step.promoCode}
          state={promo}
          onChange={(promoCode) => updateStep1({ promoCode })}
        />
      </Staged>
    </Stack>
  );
}
