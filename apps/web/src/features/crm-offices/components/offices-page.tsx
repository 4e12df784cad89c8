import type { AdminOffice } from '@app/contracts';
import { PhoneInput } from '@/components/phone-input';
import { Badge, Button, NumberInput, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import {
  AdminPageHeader,
  AdminList,
  EditModal,
  FormActions,
  RowActions,
  useConfirmAction,
  useEditing,
} from '@/components/admin-list';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteOffice, useOffices, useSaveOffice } from '../api/offices';
import {
  toOfficeFormValues,
  toOfficeRequest,
  validateOfficeForm,
  type OfficeFormValues,
} from '../model/forms';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';

const OFFICE_COLUMNS = [
  { label: 'Название' },
  { label: 'Адрес' },
  { label: 'Контакты' },
  { label: 'График' },
  { label: 'Статус' },
] as const;

function OfficeForm({ office, onDone }: { office: AdminOffice | null; onDone: () => void }) {
  const save = useSaveOffice();
  const form = useValidatedForm<OfficeFormValues>(toOfficeFormValues(office), validateOfficeForm);
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...toOfficeRequest(values), ...(office ? { id: office.id } : {}) },
      saveCallbacks(form, office ? 'Офис сохранён' : 'Офис добавлен', onDone),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={office ? 'Изменить офис' : 'Новый офис'}>
      <Stack gap="sm">
        <TextInput label="Название" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Адрес" required maxLength={500} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PhoneInput
            label="Телефон"
            placeholder="+7 (495) 123-45-67"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <NumberInput
            label="Широта"
            min={-90}
            max={90}
            decimalScale={6}
            clampBehavior="none"
            {...form.getInputProps('lat')}
          />
          <NumberInput
            label="Долгота"
            min={-180}
            max={180}
            decimalScale={6}
            clampBehavior="none"
            {...form.getInputProps('lon')}
          />
        </SimpleGrid>
        <TextInput
          label="График работы"
          maxLength={500}
          placeholder="Пн–Пт 10:00–19:00"
          {...form.getInputProps('schedule')}
        />
        <Switch
          label="Офис активен (предлагается в форме заказа)"
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} isSaving={save.isPending} />
      </Stack>
    </form>
  );
}

/** /crm/offices (ADMIN): offices where customers collect translations in person. */
export function OfficesPage() {
  const offices = useOffices();
  const remove = useDeleteOffice();
  const { editing, open, close } = useEditing<AdminOffice>();
  const confirmDelete = useConfirmAction<AdminOffice>({
    title: 'Удалить офис?',
    message: (office) => (
      <Text size="sm">
        {`«${office.name}» больше не будет предлагаться в форме заказа. Если на офис ссылаются заказы, он будет отключён, а не удалён.`}
      </Text>
    ),
    onConfirm: async (office) => {
      const result = await remove.mutateAsync(office.id);
      showSuccessToast(
        result.result === 'deleted' ? 'Офис удалён' : 'На офис ссылаются заказы — он отключён',
      );
    },
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Офисы" action={<Button onClick={() => open()}>Добавить офис</Button>} />
      <AdminList
        query={offices}
        items={offices.data?.items ?? []}
        errorText="Не удалось загрузить офисы"
        emptyText="Офисов пока нет."
        testId="offices-table"
        minWidth={760}
        verticalSpacing="sm"
        columns={OFFICE_COLUMNS}
        hasActions
        renderRow={(office) => (
          <Table.Tr key={office.id} data-testid="office-row">
            <Table.Td fw={500}>{office.name}</Table.Td>
            <Table.Td>
              <Text size="sm">{office.address}</Text>
              {office.lat !== null && office.lon !== null ? (
                <Text size="xs" c="dimmed">
                  {office.lat.toFixed(5)}, {office.lon.toFixed(5)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{office.phone ?? '—'}</Text>
              {office.email ? (
                <Text size="xs" c="dimmed">
                  {office.email}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{office.schedule ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              {office.isActive ? (
                <Badge color="teal" variant="light" style={{ minWidth: 'max-content' }}>
                  Активен
                </Badge>
              ) : (
                <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
                  Отключён
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <RowActions onEdit={() => open(office)} onDelete={() => confirmDelete.ask(office)} />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <EditModal
        editing={editing}
        onClose={close}
        title={(office) => (office ? `Офис «${office.name}»` : 'Новый офис')}
      >
        {(office) => <OfficeForm office={office} onDone={close} />}
      </EditModal>
      {confirmDelete.modal}
    </Stack>
  );
}
