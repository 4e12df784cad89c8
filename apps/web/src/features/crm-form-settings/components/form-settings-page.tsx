import {
  Button,
  Checkbox,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { MoneyInput } from '@/components/money-input';
import { useForm } from '@mantine/form';
import {
  AdminList,
  EditModal,
  FormActions,
  RowActions,
  useConfirmAction,
  useEditing,
} from '@/components/admin-list';
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
import { PromoPartnerCard } from './promo-partner-card';

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
    case 'number': {
      const props = {
        label: field.label,
        required: field.required,
        value: typeof value === 'number' || typeof value === 'string' ? value : '',
        onChange: (next: number | string) => onChange(next),
        min: 0,
      };
      // Prices (delivery, documents, assurances) read a decimal comma as a dot (issue 17).
      return field.format === 'rub' ? <MoneyInput {...props} /> : <NumberInput {...props} decimalScale={0} />;
    }
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

/** Adds or edits one item of a tab (a Mantine form; the browser checks the required fields). */
function SettingsItemForm({
  tab,
  item,
  onDone,
}: {
  tab: TabDefinition;
  item: SettingsItem | null;
  onDone: () => void;
}) {
  const save = useSaveSettingsItem(tab);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: item ? itemToValues(tab, item) : emptyValues(tab),
  });
  const submit = form.onSubmit((values) => {
    const body = valuesToBody(tab, values);
    if (item) {
      if (tab.idKey === 'id') body.id = item.id;
      else body.__edit = true;
    }
    save.mutate(body, {
      onSuccess: () => {
        showSuccessToast(item ? 'Изменения сохранены' : 'Добавлено');
        onDone();
      },
    });
  });
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {tab.fields.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={form.values[field.key]}
            disabled={Boolean(item && field.readOnlyOnEdit)}
            onChange={(value) => form.setFieldValue(field.key, value)}
          />
        ))}
        <FormActions onCancel={onDone} isSaving={save.isPending} />
      </Stack>
    </form>
  );
}

function SettingsTab({ tab }: { tab: TabDefinition }) {
  const list = useSettingsItems(tab);
  const remove = useDeleteSettingsItem(tab);
  const { editing, open, close } = useEditing<SettingsItem>();
  const confirmDelete = useConfirmAction<SettingsItem>({
    title: 'Удалить?',
    message: (item) => (
      <Text>
        {`«${String(item.name ?? item.code ?? '')}» больше не будет предлагаться в форме заказа. Существующие заказы сохранят свои строки.`}
      </Text>
    ),
    onConfirm: async (item) => {
      await remove.mutateAsync(item);
      showSuccessToast('Удалено');
    },
  });
  const tableFields = tab.fields.filter((field) => field.inTable);
  const computed = tab.computed ?? [];

  return (
    <Stack gap="md" pt="md">
      <Button w="fit-content" onClick={() => open()}>
        Добавить {tab.itemLabel}
      </Button>
      <AdminList
        query={list}
        items={list.data?.items ?? []}
        errorText="Не удалось загрузить список"
        emptyText="Список пуст"
        testId={`settings-${tab.value}`}
        minWidth={700}
        columns={[...tableFields, ...computed].map(({ key, label }) => ({ key, label }))}
        hasActions
        renderRow={(item) => (
          <Table.Tr key={String(item[tab.idKey])}>
            {tableFields.map((field) => (
              <Table.Td key={field.key}>{cellText(field, item[field.key])}</Table.Td>
            ))}
            {computed.map((column) => (
              <Table.Td key={column.key}>{column.text(item)}</Table.Td>
            ))}
            <Table.Td>
              <RowActions
                justify="flex-start"
                onEdit={() => open(item)}
                onDelete={() => confirmDelete.ask(item)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <EditModal
        editing={editing}
        onClose={close}
        title={(item) => (item ? `Изменить ${tab.itemLabel}` : `Добавить ${tab.itemLabel}`)}
      >
        {(item) => <SettingsItemForm tab={tab} item={item} onDone={close} />}
      </EditModal>
      {confirmDelete.modal}
      {tab.value === 'promocode' ? (
        <PromoPartnerCard codes={(list.data?.items ?? []).map((item) => String(item.code))} />
      ) : null}
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
