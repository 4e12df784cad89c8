import {
  FRAUD_EVENT_STATUS_LABELS,
  FRAUD_EVENT_STATUSES,
  FRAUD_RULE_LABELS,
  FRAUD_RULES,
  FraudResolutionRequestSchema,
  type FraudEvent,
  type FraudEventStatus,
  type FraudRule,
} from '@app/contracts';
import {
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  List,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDateTime } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { useFraudEvents, useResolveFraudEvent, type FraudAction, type FraudFilters } from '../api/fraud';

const UUID = /^[0-9a-f-]{36}$/i;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const FILTERS_CODEC: UrlFiltersCodec<FraudFilters> = {
  parse: (params) => ({
    partnerId: UUID.test(params.get('partner') ?? '') ? params.get('partner') : null,
    rule: oneOf(FRAUD_RULES, params.get('rule')),
    status: oneOf(FRAUD_EVENT_STATUSES, params.get('status')),
  }),
  toQuery: (filters) =>
    Object.fromEntries(
      Object.entries({ partner: filters.partnerId, rule: filters.rule, status: filters.status }).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    ),
};

const RULE_OPTIONS = FRAUD_RULES.map((rule) => ({ value: rule, label: FRAUD_RULE_LABELS[rule] }));
const STATUS_OPTIONS = FRAUD_EVENT_STATUSES.map((status) => ({
  value: status,
  label: FRAUD_EVENT_STATUS_LABELS[status],
}));
const STATUS_COLORS: Record<FraudEventStatus, string> = {
  OPEN: 'red',
  RELEASED: 'teal',
  REVERSED: 'orange',
  BANNED: 'dark',
};

const ACTIONS: Record<
  FraudAction,
  { button: string; title: string; confirm: string; explain: string; done: string; color: string }
> = {
  release: {
    button: 'Отпустить',
    title: 'Отпустить событие?',
    confirm: 'Отпустить',
    explain: 'Комиссия по заказу перестанет удерживаться и будет одобрена после периода удержания.',
    done: 'Событие отпущено',
    color: 'teal',
  },
  reverse: {
    button: 'Отменить комиссию',
    title: 'Отменить комиссию?',
    confirm: 'Отменить комиссию',
    explain: 'Комиссия по заказу будет отменена, если она ещё не выплачена. Это действие нельзя отменить.',
    done: 'Комиссия отменена',
    color: 'orange',
  },
  ban: {
    button: 'Заблокировать партнёра',
    title: 'Заблокировать партнёра?',
    confirm: 'Заблокировать',
    explain:
      'Партнёр не сможет войти в кабинет, его ссылки и промокоды перестанут приписывать заказы, все его открытые события будут закрыты, комиссии останутся удержанными.',
    done: 'Партнёр заблокирован',
    color: 'red',
  },
};

const COLUMNS = [
  { label: 'Когда' },
  { label: 'Партнёр' },
  { label: 'Правило' },
  { label: 'Заказ' },
  { label: 'Доказательства' },
  { label: 'Статус' },
] as const;

/** The decision dialog: what happens, and a required note (the reason is audited with the decision). */
function ResolutionModal({
  target,
  onClose,
}: {
  target: { event: FraudEvent; action: FraudAction } | null;
  onClose: () => void;
}) {
  const resolve = useResolveFraudEvent();
  const form = useForm({
    initialValues: { note: '' },
    validate: validateWithSchema(FraudResolutionRequestSchema),
  });
  const action = target ? ACTIONS[target.action] : ACTIONS.release;
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={target !== null}
      title={action.title}
      color={action.color}
      confirmLabel={action.confirm}
      cancelLabel="Назад"
      onClose={close}
      message={
        <Stack gap="sm">
          <Text size="sm">
            {target ? `${target.event.partner.name}: ${FRAUD_RULE_LABELS[target.event.rule]}. ` : ''}
            {action.explain}
          </Text>
          <Textarea
            label="Комментарий"
            description="Почему принято решение — сохранится в журнале"
            required
            rows={3}
            maxLength={1000}
            data-autofocus
            {...form.getInputProps('note')}
          />
        </Stack>
      }
      onConfirm={() => {
        if (!target || form.validate().hasErrors) return undefined;
        return resolve
          .mutateAsync({ id: target.event.id, action: target.action, note: form.values.note })
          .then(() => {
            showSuccessToast(action.done);
            form.reset();
          });
      }}
    />
  );
}

/** /crm/fraud-monitoring (ADMIN): fraud events of partners, newest first, with the evidence in words. */
export function FraudMonitoringPage() {
  const [filters, setFilters] = useUrlFilters(FILTERS_CODEC);
  const events = useFraudEvents(filters);
  const [target, setTarget] = useState<{ event: FraudEvent; action: FraudAction } | null>(null);
  const partners = events.data?.partners ?? [];
  const withOpen = partners.filter((partner) => partner.openCount > 0);

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Фрод-мониторинг"
        subtitle={
          <Text size="sm" c="dimmed">
            Пока событие открыто, комиссия по заказу (или все комиссии партнёра) удерживается.
          </Text>
        }
      />
      {withOpen.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="fraud-open-partners">
            Открытые события по партнёрам
          </Text>
          <Chip.Group
            multiple={false}
            value={filters.partnerId ?? ''}
            onChange={(value) =>
              setFilters({ ...filters, partnerId: value === filters.partnerId ? null : value })
            }
          >
            <Group gap="xs" role="group" aria-labelledby="fraud-open-partners">
              {withOpen.map((partner) => (
                <Chip key={partner.id} value={partner.id} size="sm">
                  {partner.name}: {partner.openCount}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : null}
      <Group align="flex-end" gap="sm">
        <Select
          label="Партнёр"
          placeholder="Все"
          data={partners.map((partner) => ({ value: partner.id, label: partner.name }))}
          value={filters.partnerId}
          onChange={(value) => setFilters({ ...filters, partnerId: value })}
          searchable
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label="Правило"
          placeholder="Все"
          data={RULE_OPTIONS}
          value={filters.rule}
          onChange={(value) => setFilters({ ...filters, rule: value as FraudRule | null })}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Статус"
          placeholder="Все"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => setFilters({ ...filters, status: value as FraudEventStatus | null })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <AdminList
        query={events}
        items={events.data?.items ?? []}
        errorText="Не удалось загрузить события"
        emptyText="Событий нет"
        loadingLabel="Загрузка событий"
        testId="fraud-events-table"
        minWidth={1100}
        columns={COLUMNS}
        hasActions
        verticalSpacing="sm"
        renderRow={(event) => (
          <Table.Tr key={event.id} data-testid={`fraud-event-${event.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {event.partner.name}
              </Text>
              <Text size="xs" c="dimmed">
                {event.partner.email}
                {event.partner.status === 'BANNED' ? ' · заблокирован' : ''}
              </Text>
            </Table.Td>
            <Table.Td>{FRAUD_RULE_LABELS[event.rule]}</Table.Td>
            <Table.Td>
              {event.order ? (
                <Anchor component={Link} to={`/crm/orders/${event.order.id}`} size="sm">
                  № {event.order.number}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  все заказы партнёра
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <List size="sm" spacing={2}>
                {event.evidence.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[event.status]} variant="light">
                {FRAUD_EVENT_STATUS_LABELS[event.status]}
              </Badge>
              {event.resolutionNote ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {event.resolutionNote}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {event.status === 'OPEN' ? (
                <Group gap={6} wrap="nowrap" justify="flex-end">
                  {(Object.keys(ACTIONS) as FraudAction[])
                    .filter((action) => action !== 'reverse' || event.order !== null)
                    .map((action) => (
                      <Button
                        key={action}
                        size="compact-sm"
                        variant={action === 'ban' ? 'outline' : 'light'}
                        color={ACTIONS[action].color}
                        onClick={() => setTarget({ event, action })}
                        aria-label={`${ACTIONS[action].button}: ${event.partner.name}, ${FRAUD_RULE_LABELS[event.rule]}`}
                      >
                        {ACTIONS[action].button}
                      </Button>
                    ))}
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ResolutionModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
