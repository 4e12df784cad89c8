import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatRub } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import {
  useDeleteSettingsItem,
  useSaveSettingsItem,
  useSettingsItems,
  type SettingsItem,
} from '../api/form-settings';
import {
  emptyValues,
  FORM_SETTINGS_TABS,
  itemToValues,
  valuesToBody,
  type FieldDefinition,
  type FormValues,
  type TabDefinition,
} from '../model/tabs';
import { ConfirmModal } from '@/components/confirm-modal';

function cellText(field: FieldDefinition, value: unknown): string {
  if (field.kind === 'checkbox') return value === true ? 'Да' : 'Нет';
  if (value === null || value === undefined || value === '') return '—';
  if (field.format === 'rub' && typeof value === 'number') return formatRub(value);
  if (field.format === 'percent') return `${String(value)} %`;
  if (field.options) return field.options.find((option) => option.value === value)?.label ?? String(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

function FieldInput({
  field,
  value,
  disabled,
  onChange,
}: {
  field: FieldDefinition;
  value: FormValues[string] | undefined;
  disabled: boolean;
  onChange: (value: FormValues[string]) => void;
}) {
  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={field.label}
          required={field.required}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          min={0}
          decimalScale={field.format === 'rub' ? 2 : 0}
        />
      );
    case 'select':
      return (
        <Select
          label={field.label}
          required={field.required}
          data={field.options ?? []}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
        />
      );
    default:
      return (
        <TextInput
          label={field.label}
          required={field.required}
          disabled={disabled}
          type={field.kind === 'datetime' ? 'datetime-local' : 'text'}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

function SettingsTab({ tab }: { tab: TabDefinition }) {
  const list = useSettingsItems(tab);
  const save = useSaveSettingsItem(tab);
  const remove = useDeleteSettingsItem(tab);
  const [editing, setEditing] = useState<{ item: SettingsItem | null; values: FormValues } | null>(null);
  const [toDelete, setToDelete] = useState<SettingsItem | null>(null);
  const items = list.data?.items ?? [];
  const tableFields = tab.fields.filter((field) => field.inTable);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const body = valuesToBody(tab, editing.values);
    if (editing.item) {
      if (tab.idKey === 'id') body.id = editing.item.id;
      else body.__edit = true;
    }
    save.mutate(body, {
      onSuccess: () => {
        showSuccessToast(editing.item ? 'Изменения сохранены' : 'Добавлено');
        setEditing(null);
      },
    });
  };

  return (
    <Stack gap="md" pt="md">
      <Button w="fit-content" onClick={() => setEditing({ item: null, values: emptyValues(tab) })}>
        Добавить {tab.itemLabel}
      </Button>
      {list.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : list.isError ? (
        <Alert color="red">Не удалось загрузить список</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Список пуст</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table data-testid={`settings-${tab.value}`}>
            <Table.Thead>
              <Table.Tr>
                {tableFields.map((field) => (
                  <Table.Th key={field.key}>{field.label}</Table.Th>
                ))}
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={String(item[tab.idKey])}>
                  {tableFields.map((field) => (
                    <Table.Td key={field.key}>{cellText(field, item[field.key])}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing({ item, values: itemToValues(tab, item) })}
                      >
                        Изменить
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(item)}>
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
        title={editing?.item ? `Изменить ${tab.itemLabel}` : `Добавить ${tab.itemLabel}`}
        centered
      >
        {editing ? (
          <form onSubmit={submit}>
            <Stack gap="sm">
              {tab.fields.map((field) => (
                <FieldInput
                  key={field.key}
                  field={field}
                  value={editing.values[field.key]}
                  disabled={Boolean(editing.item && field.readOnlyOnEdit)}
                  onChange={(value) =>
                    setEditing((current) =>
                      current ? { ...current, values: { ...current.values, [field.key]: value } } : current,
                    )
                  }
                />
              ))}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Отмена
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Сохранить
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
      <ConfirmModal
        opened={toDelete !== null}
        title="Удалить?"
        message={
          <Text>
            {`«${String(toDelete?.name ?? toDelete?.code ?? '')}» больше не будет предлагаться в форме заказа. Существующие заказы сохранят свои строки.`}
          </Text>
        }
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete);
          showSuccessToast('Удалено');
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

/** /crm/form-settings (ADMIN): what the order form offers. */
export function FormSettingsPage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Настройки формы
      </Title>
      <Tabs defaultValue="document" keepMounted={false}>
        <Tabs.List>
          {FORM_SETTINGS_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FORM_SETTINGS_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <SettingsTab tab={tab} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
