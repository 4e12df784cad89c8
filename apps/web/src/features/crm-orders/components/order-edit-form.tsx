import {
  EDITABLE_ORDER_STATUSES,
  OrderEditRequestSchema,
  priceInputOfLines,
  type FormParamsResponse,
  type OrderDetail,
  type OrderEditContent,
  type OrderEditPreview,
} from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PhoneInput } from '@/components/phone-input';
import { isApiError } from '@/lib/api-client';
import { formatRub } from '@/lib/format';
import { setServerFieldErrors } from '@/lib/form-submit';
import { numberOrNull, validateWithSchema, type NumberField } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useEditCatalogue, usePreviewOrderEdit, useSaveOrderEdit } from '../api/order-edit';

type DocumentRow = { documentId: string | null; quantity: NumberField; assuranceIds: string[] };
type EditValues = {
  documents: DocumentRow[];
  originalLanguage: string | null;
  targetLanguage: string | null;
  name: string;
  phoneNumber: string;
  email: string;
  address: string;
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
  addressComment: string;
  reason: string;
};

const COURIER_FIELDS = [
  ['address', 'Адрес'],
  ['apartment', 'Квартира / офис'],
  ['entrance', 'Подъезд'],
  ['floor', 'Этаж'],
  ['intercom', 'Домофон'],
] as const;

function initialValues(order: OrderDetail): EditValues {
  const { documentsWithQuantity, documentsAssurances } = priceInputOfLines(order.priceBreakdown.lines);
  const { delivery } = order;
  return {
    documents: documentsWithQuantity.map((item) => ({
      documentId: item.documentId,
      quantity: item.quantity,
      assuranceIds: documentsAssurances
        .filter((link) => link.documentId === item.documentId)
        .map((link) => link.assuranceId),
    })),
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    name: order.name,
    phoneNumber: order.phoneNumber,
    email: order.email,
    address: delivery.address ?? '',
    apartment: delivery.apartment ?? '',
    entrance: delivery.entrance ?? '',
    floor: delivery.floor ?? '',
    intercom: delivery.intercom ?? '',
    addressComment: delivery.addressComment ?? '',
    reason: '',
  };
}

/** The form's values as the request body (the contract's input). */
function toContent(values: EditValues, isCourier: boolean): OrderEditContent {
  const documents = values.documents.filter((row) => row.documentId);
  const blank = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    documentsWithQuantity: documents.map((row) => ({
      documentId: row.documentId ?? '',
      quantity: numberOrNull(row.quantity) ?? 0,
    })),
    documentsAssurances: documents.flatMap((row) =>
      row.assuranceIds.map((assuranceId) => ({ documentId: row.documentId ?? '', assuranceId })),
    ),
    originalLanguage: values.originalLanguage ?? '',
    targetLanguage: values.targetLanguage ?? '',
    name: values.name,
    phoneNumber: values.phoneNumber,
    email: values.email,
    courierAddress: isCourier
      ? {
          address: blank(values.address),
          apartment: blank(values.apartment),
          entrance: blank(values.entrance),
          floor: blank(values.floor),
          intercom: blank(values.intercom),
          addressComment: blank(values.addressComment),
        }
      : null,
  };
}

/** A contract path (`documentsWithQuantity.0.quantity`, `courierAddress.address`) as the form's field. */
function fieldOf(path: string): string {
  const parts = path.replace(/^body\./, '').split('.');
  if (parts[0] === 'documentsWithQuantity')
    return parts.length > 2 ? `documents.${parts[1]}.${parts[2]}` : 'documents';
  if (parts[0] === 'documentsAssurances') return 'documents';
  if (parts[0] === 'courierAddress') return parts[1] ?? 'address';
  return parts[0] ?? '';
}

function validate(isCourier: boolean) {
  const check = validateWithSchema(OrderEditRequestSchema);
  return (values: EditValues) => {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(
      check({ ...toContent(values, isCourier), expectedAmount: 0, reason: values.reason }),
    )) {
      const field = fieldOf(path);
      if (!(field in errors)) errors[field] = message;
    }
    return errors;
  };
}

function EditForm({
  order,
  catalogue,
  onClose,
}: {
  order: OrderDetail;
  catalogue: FormParamsResponse;
  onClose: () => void;
}) {
  const isCourier = order.delivery.type === 'COURIER';
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: initialValues(order),
    validate: validate(isCourier),
  });
  const previewEdit = usePreviewOrderEdit(order.id);
  const saveEdit = useSaveOrderEdit(order.id);
  const [preview, setPreview] = useState<OrderEditPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const refuse = (error: unknown) => {
    setServerFieldErrors(form, error, fieldOf);
    setRefusal(
      isApiError(error) && error.details.length > 0 ? null : error instanceof Error ? error.message : null,
    );
  };
  const check = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      setPreview(await previewEdit.mutateAsync(toContent(values, isCourier)));
    } catch (error) {
      refuse(error);
    }
  });
  const save = async () => {
    if (!preview) return;
    try {
      await saveEdit.mutateAsync({
        ...toContent(form.getValues(), isCourier),
        expectedAmount: preview.from,
        reason: form.getValues().reason.trim(),
      });
      showSuccessToast('Заказ изменён');
      onClose();
    } catch (error) {
      setPreview(null);
      refuse(error);
    }
  };

  const documentOptions = catalogue.documents.map((document) => ({
    value: document.id,
    label: document.name,
  }));
  const assuranceOptions = catalogue.assurances.map((assurance) => ({
    value: assurance.id,
    label: assurance.name,
  }));
  const languageOptions = catalogue.languages.map((language) => ({
    value: language.code,
    label: language.name,
  }));

  if (preview) {
    const sign = preview.difference > 0 ? '+' : preview.difference < 0 ? '−' : '';
    return (
      <Stack gap="md" data-testid="order-edit-confirmation">
        <Title order={3} size="h5">
          Проверьте изменения
        </Title>
        <Text fw={600} data-testid="order-edit-difference">
          Было {formatRub(preview.from)} → станет {formatRub(preview.to)} (разница {sign}
          {formatRub(Math.abs(preview.difference))})
        </Text>
        {order.isPaid && preview.difference !== 0 ? (
          <Alert color="yellow">Заказ уже оплачен: изменение суммы не сохранится</Alert>
        ) : null}
        <List size="sm" spacing={4}>
          {preview.changes.map((change) => (
            <List.Item key={change.field}>
              {change.field}: {change.from} → {change.to}
            </List.Item>
          ))}
        </List>
        <Text size="sm">Причина: {form.getValues().reason.trim()}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPreview(null)}>
            Вернуться к правке
          </Button>
          <Button onClick={() => void save()} loading={saveEdit.isPending}>
            Сохранить изменения
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={check} aria-label="Изменение заказа" noValidate>
      <Stack gap="md">
        {refusal ? <Alert color="red">{refusal}</Alert> : null}
        <Title order={3} size="h5">
          Документы
        </Title>
        {form.errors.documents ? (
          <Text size="sm" c="red">
            {form.errors.documents}
          </Text>
        ) : null}
        {form.getValues().documents.map((row, index) => (
          <Stack key={index} gap={4}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={`Документ ${index + 1}`}
                data={documentOptions}
                searchable
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`documents.${index}.documentId`)}
              />
              <NumberInput
                label="Копий"
                min={1}
                max={100}
                w={90}
                clampBehavior="none"
                allowDecimal={false}
                {...form.getInputProps(`documents.${index}.quantity`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={`Убрать документ ${index + 1}`}
                onClick={() => form.removeListItem('documents', index)}
              >
                ×
              </ActionIcon>
            </Group>
            {assuranceOptions.length > 0 ? (
              <MultiSelect
                label="Заверение"
                data={assuranceOptions}
                {...form.getInputProps(`documents.${index}.assuranceIds`)}
              />
            ) : null}
          </Stack>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              form.insertListItem('documents', { documentId: null, quantity: 1, assuranceIds: [] })
            }
          >
            Добавить документ
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="С языка"
            data={languageOptions}
            searchable
            {...form.getInputProps('originalLanguage')}
          />
          <Select
            label="На язык"
            data={languageOptions}
            searchable
            {...form.getInputProps('targetLanguage')}
          />
        </SimpleGrid>
        <Title order={3} size="h5">
          Контакты
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Имя" maxLength={200} {...form.getInputProps('name')} />
          <PhoneInput label="Телефон" {...form.getInputProps('phoneNumber')} />
          <TextInput label="E-mail" type="email" maxLength={254} {...form.getInputProps('email')} />
        </SimpleGrid>
        {isCourier ? (
          <>
            <Title order={3} size="h5">
              Адрес доставки
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {COURIER_FIELDS.map(([field, label]) => (
                <TextInput key={field} label={label} {...form.getInputProps(field)} />
              ))}
            </SimpleGrid>
            <Textarea
              label="Комментарий к адресу"
              maxLength={500}
              {...form.getInputProps('addressComment')}
            />
          </>
        ) : null}
        <Textarea
          label="Причина изменения"
          description="Попадёт в ленту заказа; если сумма изменится, клиент увидит её в письме"
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={previewEdit.isPending}>
            Пересчитать и проверить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * ADMIN and MANAGER edit the lines, contact and courier address of an order that is not in work yet (decision
 * 054): the form checks with the shared contract, the server reprices with the one price engine, the staff member
 * sees «Было X → станет Y» and the difference and confirms before anything is saved.
 */
export function OrderEditButton({ order }: { order: OrderDetail }) {
  const [isOpen, setOpen] = useState(false);
  const isPhone = useMediaQuery('(max-width: 639.98px)', false, { getInitialValueInEffect: false });
  const catalogue = useEditCatalogue(isOpen);
  if (!(EDITABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Изменить заказ
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={`Изменить заказ № ${order.number}`}
        size="lg"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        {catalogue.data ? (
          <EditForm order={order} catalogue={catalogue.data} onClose={() => setOpen(false)} />
        ) : catalogue.isError ? (
          <Alert color="red">Не удалось загрузить справочники</Alert>
        ) : (
          <Loader size="sm" aria-label="Загрузка справочников" />
        )}
      </Modal>
    </>
  );
}
