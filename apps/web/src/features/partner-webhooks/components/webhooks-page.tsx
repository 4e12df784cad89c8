import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_ENDPOINT_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WebhookEndpointCreateRequestSchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@app/contracts';
import { AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { isApiError } from '@/lib/api-client';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDateTime } from '@/lib/format';
import { showErrorToast, showSuccessToast, showToast } from '@/lib/notify';
import {
  useCreateEndpoint,
  useDeleteEndpoint,
  useRotateSecret,
  useSendTestEvent,
  useUpdateEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks';
import { DELIVERY_STATUS_COLORS, DeliveryLog } from './delivery-log';
import { SecretModal } from './secret-modal';
import { WebhookVerificationDocs } from './webhook-verification-docs';

type CreateValues = { url: string; description: string; events: WebhookEventType[] };

function CreateEndpointForm({
  onSecret,
  disabled,
}: {
  onSecret: (secret: string) => void;
  disabled: boolean;
}) {
  const create = useCreateEndpoint();
  const form = useValidatedForm<CreateValues>(
    { url: '', description: '', events: [...WEBHOOK_EVENT_TYPES] },
    validateWithSchema(WebhookEndpointCreateRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      values,
      saveCallbacks(form, 'Адрес добавлен', (created) => {
        form.reset();
        onSecret(created.secret);
      }),
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Новый адрес вебхука" noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Новый адрес
        </Title>
        <TextInput
          label="URL"
          description="Куда отправлять события: https://…"
          placeholder="https://example.ru/webhooks/perevod"
          withAsterisk
          maxLength={WEBHOOK_LIMITS.urlMax}
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Описание"
          description="Для себя, необязательно"
          maxLength={WEBHOOK_LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label="События" withAsterisk {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={`${WEBHOOK_EVENT_LABELS[type]} (${type})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending} disabled={disabled}>
            Добавить адрес
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateEndpoint();
  const sendTest = useSendTestEvent();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const confirmDelete = useConfirmAction<WebhookEndpoint>({
    title: 'Удалить адрес?',
    message: (item) => `События перестанут отправляться на ${item.url}, журнал отправок будет удалён.`,
    onConfirm: async (item) => {
      await remove.mutateAsync(item.id);
      showSuccessToast('Адрес удалён');
    },
  });
  const confirmRotate = useConfirmAction<WebhookEndpoint>({
    title: 'Выпустить новый секрет?',
    message: () => 'Прежний секрет перестанет действовать сразу: обновите его у себя до следующего события.',
    confirmLabel: 'Выпустить',
    onConfirm: async (item) => onSecret((await rotate.mutateAsync(item.id)).secret),
  });
  const active = endpoint.status === 'ACTIVE';
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, status: active ? 'DISABLED' : 'ACTIVE' },
      {
        onSuccess: () => showSuccessToast(active ? 'Адрес отключён' : 'Адрес включён'),
        onError: showErrorToast,
      },
    );
  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        setLogOpen(true);
        showToast(
          delivery.status === 'SUCCEEDED'
            ? { kind: 'success', message: `Тестовое событие доставлено (${delivery.lastResponseCode})` }
            : {
                kind: 'warning',
                message: `Тестовое событие не доставлено: ${delivery.lastError ?? 'ошибка'}`,
              },
        );
      },
      onError: showErrorToast,
    });
  const last = endpoint.lastDelivery;
  return (
    <Card withBorder component="section" aria-label={`Адрес ${endpoint.url}`} data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
          </Stack>
          <Badge color={active ? 'green' : 'gray'} variant="light">
            {WEBHOOK_ENDPOINT_STATUS_LABELS[endpoint.status]}
          </Badge>
        </Group>
        {endpoint.disabledReason ? (
          <Alert color="red" variant="light">
            {endpoint.disabledReason}
            {endpoint.disabledAt ? ` (${formatDateTime(endpoint.disabledAt)})` : ''}
          </Alert>
        ) : null}
        <Group gap={6} wrap="wrap" aria-label="События">
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
        <Text size="sm">
          Последняя отправка:{' '}
          {last ? (
            <>
              <Badge color={DELIVERY_STATUS_COLORS[last.status]} variant="light" size="sm">
                {WEBHOOK_DELIVERY_STATUS_LABELS[last.status]}
              </Badge>{' '}
              {last.responseCode ? `код ${last.responseCode}, ` : ''}
              {formatDateTime(last.at)}
            </>
          ) : (
            'ещё не было'
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="compact-md" onClick={test} loading={sendTest.isPending}>
            Отправить тестовое событие
          </Button>
          <Button
            size="compact-md"
            variant="default"
            aria-expanded={logOpen}
            onClick={() => setLogOpen((open) => !open)}
          >
            {logOpen ? 'Скрыть журнал' : 'Журнал отправок'}
          </Button>
          <Button size="compact-md" variant="default" onClick={toggle} loading={update.isPending}>
            {active ? 'Отключить' : 'Включить'}
          </Button>
          <Button size="compact-md" variant="default" onClick={() => confirmRotate.ask(endpoint)}>
            Новый секрет
          </Button>
          <Button size="compact-md" variant="subtle" color="red" onClick={() => confirmDelete.ask(endpoint)}>
            Удалить
          </Button>
        </Group>
        {logOpen ? <DeliveryLog endpointId={endpoint.id} /> : null}
      </Stack>
      {confirmDelete.modal}
      {confirmRotate.modal}
    </Card>
  );
}

/** /partner/integrator/webhooks: endpoints, the secret shown once, the delivery log, the verification docs. */
export function PartnerWebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  const items = endpoints.data?.items ?? [];
  const limit = endpoints.data?.limit ?? WEBHOOK_LIMITS.endpointsMax;
  const forbidden = isApiError(endpoints.error) && endpoints.error.status === 403;
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Вебхуки" />
      {forbidden ? (
        <Alert color="orange" variant="light">
          Вебхуки доступны только партнёрам-интеграторам.
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Мы отправляем POST-запрос на ваш адрес при событиях заказов, привязанных к вам, и ваших комиссий.
            Каждый запрос подписан секретом адреса. Добавлено {items.length} из {limit}.
          </Text>
          <Card withBorder>
            <CreateEndpointForm onSecret={setSecret} disabled={items.length >= limit} />
          </Card>
          {endpoints.isError ? <Alert color="red">Не удалось загрузить адреса</Alert> : null}
          {endpoints.isSuccess && items.length === 0 ? <Text>Адресов пока нет: добавьте первый.</Text> : null}
          {items.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
          <Card withBorder>
            <WebhookVerificationDocs />
          </Card>
        </>
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
