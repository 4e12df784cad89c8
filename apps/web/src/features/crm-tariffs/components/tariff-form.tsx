import {
  TARIFF_LIMITS,
  TariffInputSchema,
  type DocumentType,
  type Language,
  type Tariff,
  type TariffInput,
} from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { MoneyInput } from '@/components/money-input';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { validateWithSchema } from '@/lib/forms';
import {
  describeExample,
  toFormValues,
  toTariffBody,
  withMissingOption,
  type TariffFormValues,
} from '../model/tariff-form';

type Props = {
  tariff: Tariff | null;
  languages: Language[];
  documents: DocumentType[];
  isSaving: boolean;
  /** Resolves when saved; a rejection with field details puts them next to the fields. */
  onSubmit: (body: TariffInput) => Promise<unknown>;
  /** Extra buttons (delete) at the start of the button row. */
  actions?: ReactNode;
  onCancel: () => void;
};

const validate = validateWithSchema(TariffInputSchema);

/** Create or edit one price rule; validated by the contract schema the server uses. */
export function TariffForm({ tariff, languages, documents, isSaving, onSubmit, actions, onCancel }: Props) {
  const form = useForm<TariffFormValues>({ initialValues: toFormValues(tariff), validate });
  const languageOptions = languages.map((language) => ({ value: language.code, label: language.name }));
  const documentOptions = withMissingOption(
    documents.map((document) => ({ value: document.id, label: document.name })),
    tariff?.documentTypeId ?? null,
    `${tariff?.documentTypeName ?? 'Документ'} (удалён из формы)`,
  );
  const example = describeExample(form.values, documents);

  const submit = form.onSubmit((values) => {
    const body = toTariffBody(values);
    if (!body) return;
    onSubmit(body).catch((error: unknown) => {
      if (!isApiError(error)) return;
      form.setErrors(
        Object.fromEntries(
          error.details.map((detail) => [detail.path.replace(/^body\./, ''), detail.message]),
        ),
      );
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={tariff ? 'Изменить тариф' : 'Новый тариф'}>
      <Stack gap="md" maw={720}>
        <TextInput
          label="Название"
          description="Его видят клиенты в расчёте стоимости"
          required
          maxLength={200}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Язык оригинала"
            placeholder="Любой"
            data={withMissingOption(
              languageOptions,
              tariff?.originalLanguage ?? null,
              tariff?.originalLanguage ?? '',
            )}
            searchable
            clearable
            nothingFoundMessage="Ничего не нашлось"
            {...form.getInputProps('originalLanguage')}
          />
          <Select
            label="Язык перевода"
            placeholder="Любой"
            data={withMissingOption(
              languageOptions,
              tariff?.targetLanguage ?? null,
              tariff?.targetLanguage ?? '',
            )}
            searchable
            clearable
            nothingFoundMessage="Ничего не нашлось"
            {...form.getInputProps('targetLanguage')}
          />
          <Select
            label="Документ"
            placeholder="Любой документ"
            data={documentOptions}
            searchable
            clearable
            nothingFoundMessage="Ничего не нашлось"
            {...form.getInputProps('documentTypeId')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label="Цена, % от базовой"
            description="100 % — цена из настроек формы"
            required
            min={TARIFF_LIMITS.minPercent}
            max={TARIFF_LIMITS.maxPercent}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('pricePercent')}
          />
          <MoneyInput
            label="Надбавка, ₽"
            description="К цене каждого экземпляра"
            min={0}
            max={TARIFF_LIMITS.maxSurcharge}
            allowNegative={false}
            {...form.getInputProps('surcharge')}
          />
          <NumberInput
            label="Доп. срок, дней"
            description="Рабочие дни к сроку документа"
            min={0}
            max={TARIFF_LIMITS.maxExtraDays}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('extraDays')}
          />
        </SimpleGrid>
        {example ? (
          <Alert variant="light" color="blue" title="Пример" data-testid="tariff-example">
            {example}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label="Порядок"
            description="При равной точности действует меньший"
            min={0}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sortOrder')}
          />
        </SimpleGrid>
        <Switch label="Тариф действует" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Text size="xs" c="dimmed">
          Изменение сразу применяется к форме заказа; оформленные заказы сохраняют свои цены.
        </Text>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">{actions}</Group>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              Отмена
            </Button>
            <Button type="submit" loading={isSaving}>
              {tariff ? 'Сохранить' : 'Добавить тариф'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
