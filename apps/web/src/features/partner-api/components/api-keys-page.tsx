import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ApiKeyCreateRequestSchema,
  type ApiKey,
  type ApiKeyCreateResponse,
} from '@app/contracts';
import { AdminList, AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { KeyCreatedModal } from './key-created-modal';

type FormValues = { name: string; scopes: string[]; allowedIps: string };

/** One address or range a line; blank lines dropped. */
const ipList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's values checked by the contract (the IP list as the array the API takes). */
function validate(values: FormValues): Record<string, string> {
  const result = ApiKeyCreateRequestSchema.safeParse({ ...values, allowedIps: ipList(values.allowedIps) });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreateResponse) => void }) {
  const create = useCreateApiKey();
  const form = useValidatedForm<FormValues>(
    { name: '', scopes: ['quote', 'orders:create', 'orders:read'], allowedIps: '' },
    validate,
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name, scopes: values.scopes as ApiKey['scopes'], allowedIps: ipList(values.allowedIps) },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
        // `body.allowedIps.3` → the one IP field.
        onError: (error) => setServerFieldErrors(form, error, (path) => path.split('.')[1] ?? ''),
      },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Новый API-ключ" noValidate>
      <Stack gap="sm">
        <TextInput
          label="Название"
          description="Для себя: где ключ используется, например «Сайт клиники»"
          withAsterisk
          maxLength={API_KEY_LIMITS.nameMax}
          maw={420}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="Права ключа" withAsterisk {...form.getInputProps('scopes')}>
          <Group gap="md" mt={6} wrap="wrap">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={`${API_KEY_SCOPE_LABELS[scope]} (${scope})`} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="Разрешённые IP-адреса"
          description="Необязательно. По одному адресу или диапазону CIDR в строке, например 203.0.113.10 или 203.0.113.0/24. Пусто — с любого адреса."
          rows={3}
          maw={420}
          {...form.getInputProps('allowedIps')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Создать ключ
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const COLUMNS = [
  { label: 'Название' },
  { label: 'Ключ' },
  { label: 'Права' },
  { label: 'IP-адреса' },
  { label: 'Последнее использование' },
  { label: 'Создан' },
] as const;

/** /partner/integrator/api-keys: create (the key shown once), list with prefix and last use, revoke. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreateResponse | null>(null);
  const confirmRevoke = useConfirmAction<ApiKey>({
    title: 'Отозвать ключ?',
    message: (key) =>
      `Запросы с ключом «${key.name}» (pk_live_${key.prefix}_…) сразу перестанут приниматься. Отменить это нельзя.`,
    confirmLabel: 'Отозвать',
    onConfirm: async (key) => {
      await revoke.mutateAsync(key.id);
      showSuccessToast('Ключ отозван');
    },
  });
  const items = keys.data?.items ?? [];
  const active = items.filter((key) => !key.revokedAt).length;
  const maxActive = keys.data?.maxActive ?? API_KEY_LIMITS.maxActive;
  return (
    <Stack gap="lg">
      <AdminPageHeader title="API-ключи" />
      <Text size="sm">
        Ключ открывает API для интеграторов: расчёт цены, создание заказов и их статусы. Как им пользоваться —
        в{' '}
        <Anchor component={Link} to="/partner/integrator/docs">
          документации
        </Anchor>
        .
      </Text>
      <Card withBorder>
        <CreateKeyForm onCreated={setCreated} />
      </Card>
      <Text size="sm" c="dimmed" data-testid="api-keys-active">
        Активных ключей: {active} из {maxActive}
      </Text>
      <AdminList
        query={keys}
        items={items}
        errorText="Не удалось загрузить ключи"
        emptyText="Ключей пока нет: создайте первый"
        testId="api-keys-table"
        minWidth={900}
        columns={COLUMNS}
        hasActions
        renderRow={(key) => (
          <Table.Tr key={key.id}>
            <Table.Td>
              {key.name}{' '}
              {key.revokedAt ? (
                <Badge color="gray" variant="light">
                  Отозван
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                pk_live_{key.prefix}_…
              </Text>
            </Table.Td>
            <Table.Td>{key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}</Table.Td>
            <Table.Td>{key.allowedIps.length > 0 ? key.allowedIps.join(', ') : 'Любые'}</Table.Td>
            <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Не использовался'}</Table.Td>
            <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
            <Table.Td>
              {key.revokedAt ? null : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => confirmRevoke.ask(key)}
                  aria-label={`Отозвать «${key.name}»`}
                >
                  Отозвать
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {confirmRevoke.modal}
      <KeyCreatedModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
