import {
  StaffPushRequestSchema,
  type PushAudience,
  type PushCampaign,
  type PushRecipient,
  type StaffPushRequest,
} from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatDateTime, formatPhone } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { usePushCampaign, usePushHistory, usePushRecipients, useSendPush } from '../api/push';
import { setServerFieldErrors } from '@/lib/form-submit';

type FormValues = {
  audience: PushAudience;
  userId: string | null;
  title: string;
  body: string;
  url: string;
};

const AUDIENCE_OPTIONS: Array<{ value: PushAudience; label: string }> = [
  { value: 'customers', label: 'Все клиенты' },
  { value: 'staff', label: 'Сотрудники' },
  { value: 'user', label: 'Один пользователь' },
];
const AUDIENCE_CONFIRMATION: Record<Exclude<PushAudience, 'user'>, string> = {
  customers: 'Отправить сообщение всем клиентам?',
  staff: 'Отправить сообщение всем сотрудникам?',
};
const TITLE_MAX = 100;
const BODY_MAX = 500;

const validate = validateWithSchema(StaffPushRequestSchema);

function toRequest(values: FormValues): StaffPushRequest {
  return {
    audience: values.audience,
    ...(values.audience === 'user' && values.userId ? { userId: values.userId } : {}),
    title: values.title.trim(),
    body: values.body.trim(),
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
  };
}

function recipientLabel(recipient: PushRecipient): string {
  const who =
    [recipient.email, recipient.name].filter(Boolean).join(' — ') ||
    formatPhone(recipient.phoneNumber) ||
    '—';
  return `${who} (${recipient.subscriptions > 0 ? `устройств с push: ${recipient.subscriptions}` : 'без push'})`;
}

function audienceText(campaign: PushCampaign): string {
  if (campaign.audience === 'user') return campaign.user?.email ?? 'Один пользователь';
  return AUDIENCE_OPTIONS.find((option) => option.value === campaign.audience)!.label;
}

function StatusBadge({ campaign }: { campaign: PushCampaign }) {
  if (campaign.status === 'sending')
    return (
      <Badge color="blue" variant="light" leftSection={<Loader size={10} color="blue" />}>
        Отправляется
      </Badge>
    );
  if (campaign.status === 'failed')
    return (
      <Badge color="red" variant="light" title={campaign.error ?? undefined}>
        Ошибка отправки
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Отправлено
    </Badge>
  );
}

function RecipientPicker({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error?: string;
  onChange: (recipient: PushRecipient | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<PushRecipient | null>(null);
  const recipients = usePushRecipients(debounced);
  const items = recipients.data?.items ?? [];
  // Keep the chosen person among the options while the search shows others.
  const options = selected && !items.some((item) => item.id === selected.id) ? [selected, ...items] : items;
  return (
    <Select
      label="Пользователь"
      placeholder="E-mail, телефон или имя"
      required
      searchable
      clearable
      filter={({ options: all }) => all}
      data={options.map((recipient) => ({ value: recipient.id, label: recipientLabel(recipient) }))}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const recipient = options.find((item) => item.id === id) ?? null;
        setSelected(recipient);
        onChange(recipient);
      }}
      nothingFoundMessage={recipients.isFetching ? 'Ищем…' : 'Никого не нашли'}
      rightSection={recipients.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      description={
        selected && selected.subscriptions === 0
          ? 'Push не дойдёт: у пользователя нет подписанных устройств — сообщение будет только в кабинете'
          : undefined
      }
      maxDropdownHeight={280}
    />
  );
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
    </Paper>
  );
}

function SendResult({ id }: { id: string }) {
  const campaign = usePushCampaign(id);
  const data = campaign.data;
  if (!data) return null;
  return (
    <Card withBorder radius="md" aria-label="Результат отправки" role="region">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Результат отправки
        </Title>
        <StatusBadge campaign={data} />
      </Group>
      <Text size="sm" mb="sm">
        «{data.title}» — {audienceText(data)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Count label="В кабинете" value={data.recipients} />
        <Count label="Доставлено" value={data.delivered} color="teal" />
        <Count label="Ошибок" value={data.failed} color={data.failed > 0 ? 'red' : undefined} />
        <Count label="Удалено подписок" value={data.removed} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {data.status === 'sending'
          ? 'Push отправляется через очередь задач; счётчики обновятся автоматически.'
          : 'Доставлено и ошибок — по устройствам с подпиской на push; истёкшие подписки удалены.'}
      </Text>
      {data.error ? (
        <Alert color="red" mt="sm">
          {data.error}
        </Alert>
      ) : null}
    </Card>
  );
}

function History() {
  const history = usePushHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Отправленные сообщения
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label="Загрузка истории" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Сообщений ещё не отправляли
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="push-history" aria-label="Отправленные сообщения">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Сообщение</Table.Th>
                <Table.Th>Получатели</Table.Th>
                <Table.Th>Отправил</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th ta="right" title="В кабинете / доставлено / ошибок / удалено подписок">
                  Итог
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {item.body}
                    </Text>
                  </Table.Td>
                  <Table.Td>{audienceText(item)}</Table.Td>
                  <Table.Td>{item.sentBy ?? '—'}</Table.Td>
                  <Table.Td>
                    <StatusBadge campaign={item} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">
                      {item.recipients} / {item.delivered} / {item.failed} / {item.removed}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.hasNextPage ? (
        <Button
          variant="default"
          mt="sm"
          w="fit-content"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Показать ещё
        </Button>
      ) : null}
    </Card>
  );
}

/**
 * /crm/push-notifications (ADMIN, MANAGER): compose a message, send it, see what was delivered. A message to one
 * picked user is ADMIN's: the picker searches the user directory (decision 021).
 */
export function PushNotificationsPage() {
  const canPickUser = useCrmRole() === 'ADMIN';
  const audienceOptions = canPickUser
    ? AUDIENCE_OPTIONS
    : AUDIENCE_OPTIONS.filter((option) => option.value !== 'user');
  const send = useSendPush();
  const [confirming, setConfirming] = useState<StaffPushRequest | null>(null);
  const [lastId, setLastId] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      audience: canPickUser ? 'user' : 'customers',
      userId: null,
      title: '',
      body: '',
      url: '',
    },
    validate: (values) => validate(toRequest(values)),
    validateInputOnBlur: true,
  });

  const dispatch = (request: StaffPushRequest) =>
    send.mutate(request, {
      onSuccess: (campaign) => {
        setConfirming(null);
        setLastId(campaign.id);
        showSuccessToast('Сообщение поставлено в очередь на отправку');
        form.setValues({ title: '', body: '', url: '' });
        form.resetTouched();
      },
      onError: (error) => {
        setConfirming(null);
        setServerFieldErrors(form, error, (path) => path.split('.')[0] ?? '');
      },
    });

  const submit = form.onSubmit((values) => {
    const request = toRequest(values);
    if (request.audience === 'user') dispatch(request);
    else setConfirming(request);
  });
  const audience = form.values.audience;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Push-уведомления
        </Title>
        <Text c="dimmed" size="sm">
          Сообщение приходит push-уведомлением на подписанные устройства и остаётся в уведомлениях кабинета.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="md">
          <form onSubmit={submit} noValidate aria-label="Новое сообщение">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Новое сообщение
              </Title>
              <Radio.Group
                label="Получатели"
                value={audience}
                onChange={(value) => {
                  form.setFieldValue('audience', value as PushAudience);
                  form.clearFieldError('userId');
                }}
              >
                <Group gap="lg" mt={6}>
                  {audienceOptions.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Group>
              </Radio.Group>
              {audience === 'user' ? (
                <RecipientPicker
                  value={form.values.userId}
                  error={form.errors.userId as string | undefined}
                  onChange={(recipient) => {
                    form.setFieldValue('userId', recipient?.id ?? null);
                    form.clearFieldError('userId');
                  }}
                />
              ) : null}
              <TextInput
                label="Заголовок"
                required
                maxLength={TITLE_MAX}
                description={`${form.values.title.length} из ${TITLE_MAX}`}
                {...form.getInputProps('title')}
              />
              <Textarea
                label="Текст"
                required
                autosize
                minRows={3}
                maxRows={8}
                maxLength={BODY_MAX}
                description={`${form.values.body.length} из ${BODY_MAX}`}
                {...form.getInputProps('body')}
              />
              <TextInput
                label="Ссылка"
                placeholder="/order или https://…"
                description="Куда ведёт нажатие на уведомление: путь на сайте или адрес https://. Пусто — уведомления кабинета"
                {...form.getInputProps('url')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending && confirming === null}>
                  Отправить
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        <Stack gap="lg">
          {lastId ? (
            <SendResult id={lastId} />
          ) : (
            <Card withBorder radius="md">
              <Text c="dimmed" size="sm">
                После отправки здесь появятся итоги: сколько push доставлено, сколько не дошло и сколько
                устаревших подписок удалено.
              </Text>
            </Card>
          )}
        </Stack>
      </SimpleGrid>
      <History />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming && confirming.audience !== 'user' ? AUDIENCE_CONFIRMATION[confirming.audience] : ''}
        centered
      >
        <Stack>
          <Text size="sm">
            «{confirming?.title}» получат{' '}
            {confirming?.audience === 'staff' ? 'все администраторы и менеджеры' : 'все клиенты сервиса'}: в
            уведомлениях кабинета и push на подписанных устройствах. Отозвать сообщение после отправки нельзя.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Отмена
            </Button>
            <Button loading={send.isPending} onClick={() => confirming && dispatch(confirming)}>
              Отправить всем
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
