import type { AdminOffice } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteOffice, useOffices, useSaveOffice } from '../api/offices';
import {
  toOfficeFormValues,
  toOfficeRequest,
  validateOfficeForm,
  type OfficeFormValues,
} from '../model/forms';
import { ConfirmModal } from '@/components/confirm-modal';

function OfficeForm({ office, onDone }: { office: AdminOffice | null; onDone: () => void }) {
  const save = useSaveOffice();
  const form = useForm<OfficeFormValues>({
    mode: 'controlled',
    initialValues: toOfficeFormValues(office),
    validate: validateOfficeForm,
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...toOfficeRequest(values), ...(office ? { id: office.id } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(office ? 'Офис сохранён' : 'Офис добавлен');
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const detail of error.details) {
            form.setFieldError(detail.path.split('.').at(-1) ?? '', detail.message);
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={office ? 'Изменить офис' : 'Новый офис'}>
      <Stack gap="sm">
        <TextInput label="Название" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Адрес" required maxLength={500} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Телефон"
            type="tel"
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /crm/offices (ADMIN): offices where customers collect translations in person. */
export function OfficesPage() {
  const offices = useOffices();
  const remove = useDeleteOffice();
  const [editing, setEditing] = useState<{ office: AdminOffice | null } | null>(null);
  const [toDelete, setToDelete] = useState<AdminOffice | null>(null);
  const items = offices.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Офисы
        </Title>
        <Button onClick={() => setEditing({ office: null })}>Добавить офис</Button>
      </Group>
      {offices.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : offices.isError ? (
        <Alert color="red">Не удалось загрузить офисы</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Офисов пока нет.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table data-testid="offices-table" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Название</Table.Th>
                <Table.Th>Адрес</Table.Th>
                <Table.Th>Контакты</Table.Th>
                <Table.Th>График</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((office) => (
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
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setEditing({ office })}>
                        Изменить
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(office)}>
                        Удалить
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.office ? `Офис «${editing.office.name}»` : 'Новый офис'}
        centered
      >
        {editing ? <OfficeForm office={editing.office} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmModal
        opened={toDelete !== null}
        title="Удалить офис?"
        message={
          <Text size="sm">
            {`«${toDelete?.name ?? ''}» больше не будет предлагаться в форме заказа. Если на офис ссылаются заказы, он будет отключён, а не удалён.`}
          </Text>
        }
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (!toDelete) return;
          const result = await remove.mutateAsync(toDelete.id);
          showSuccessToast(
            result.result === 'deleted' ? 'Офис удалён' : 'На офис ссылаются заказы — он отключён',
          );
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
