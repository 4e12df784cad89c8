import {
  AnalyticsConfigSchema,
  NO_DATA_LABEL,
  type AnalyticsConfig,
  type LeadScoringReport,
} from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminList, AdminPageHeader, AdminTable } from '@/components/admin-list';
import { formatDateTime, formatPhone } from '@/lib/format';
import { numberOrNull, trimmedOrNull, validateWithSchema, type NumberField } from '@/lib/forms';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { useAnalyticsConfig, useSaveAnalyticsConfig } from '../api/analytics-config';
import { downloadJourneyCsv, journeyQuery, useLeadScoring } from '../api/journeys';
import { useJourneyFilters } from '../model/journey-filters';
import { CsvButton, Figures, formatCount } from './journey-parts';
import { ReportFiltersBar } from './report-filters';

type RuleValues = { eventType: string; eventAction: string; points: NumberField; decayDays: NumberField };
type RulesValues = { leadScoreRules: RuleValues[]; hotLeadThreshold: NumberField };

const RulesSchema = AnalyticsConfigSchema.pick({ leadScoreRules: true, hotLeadThreshold: true });
const toPayload = (values: RulesValues) => ({
  leadScoreRules: values.leadScoreRules.map((rule) => ({
    eventType: rule.eventType.trim(),
    eventAction: trimmedOrNull(rule.eventAction),
    points: numberOrNull(rule.points),
    decayDays: numberOrNull(rule.decayDays),
  })),
  hotLeadThreshold: numberOrNull(values.hotLeadThreshold),
});
const EMPTY_RULE: RuleValues = { eventType: '', eventAction: '', points: 10, decayDays: 0 };

/** The rules of the analytics configuration, edited here and saved through the configuration (ADMIN). */
function RulesEditor({ config }: { config: AnalyticsConfig }) {
  const form = useValidatedForm<RulesValues>(
    {
      leadScoreRules: config.leadScoreRules.map((rule) => ({
        eventType: rule.eventType,
        eventAction: rule.eventAction ?? '',
        points: rule.points,
        decayDays: rule.decayDays,
      })),
      hotLeadThreshold: config.hotLeadThreshold,
    },
    validateWithSchema({ safeParse: (values) => RulesSchema.safeParse(toPayload(values as RulesValues)) }),
  );
  const save = useSaveAnalyticsConfig();
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        ...config,
        ...(RulesSchema.parse(toPayload(values)) as Pick<
          AnalyticsConfig,
          'leadScoreRules' | 'hotLeadThreshold'
        >),
      },
      saveCallbacks(form, 'Правила сохранены', () => undefined),
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Правила скоринга">
      <Stack gap="sm">
        {form.values.leadScoreRules.map((_, index) => (
          <Group key={form.key(`leadScoreRules.${index}`)} gap="xs" align="end" wrap="wrap">
            <TextInput
              label="Событие"
              maxLength={100}
              w={{ base: '100%', xs: 170 }}
              {...form.getInputProps(`leadScoreRules.${index}.eventType`)}
            />
            <TextInput
              label="Действие (необязательно)"
              maxLength={100}
              w={{ base: '100%', xs: 190 }}
              {...form.getInputProps(`leadScoreRules.${index}.eventAction`)}
            />
            <NumberInput
              label="Баллы"
              allowDecimal={false}
              min={-1000}
              max={1000}
              w={100}
              {...form.getInputProps(`leadScoreRules.${index}.points`)}
            />
            <NumberInput
              label="Полураспад, дн. (0 — нет)"
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={365}
              w={170}
              {...form.getInputProps(`leadScoreRules.${index}.decayDays`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Удалить правило ${index + 1}`}
              onClick={() => form.removeListItem('leadScoreRules', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="sm" align="end" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('leadScoreRules', { ...EMPTY_RULE })}
            disabled={form.values.leadScoreRules.length >= 50}
          >
            Добавить правило
          </Button>
          <NumberInput
            label="Порог горячего лида"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            w={180}
            {...form.getInputProps('hotLeadThreshold')}
          />
          <Button type="submit" loading={save.isPending}>
            Сохранить правила
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RulesList({ report }: { report: LeadScoringReport }) {
  if (report.rules.length === 0) return <Text c="dimmed">Правил нет — баллы не начисляются.</Text>;
  return (
    <AdminTable
      testId="lead-rules"
      scrollLabel="Правила скоринга"
      minWidth={520}
      columns={[
        { label: 'Событие' },
        { label: 'Действие' },
        { label: 'Баллы', ta: 'right' },
        { label: 'Полураспад', ta: 'right' },
      ]}
    >
      {report.rules.map((rule, index) => (
        <Table.Tr key={index}>
          <Table.Td>{rule.eventType}</Table.Td>
          <Table.Td>{rule.eventAction ?? 'любое'}</Table.Td>
          <Table.Td ta="right">{rule.points}</Table.Td>
          <Table.Td ta="right">{rule.decayDays ? `${rule.decayDays} дн.` : 'нет'}</Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}

/** /crm/marketing/lead-scoring: rules, scored sessions, hot leads (decision 068). */
export function LeadScoringPage() {
  const [filters, setFilters] = useJourneyFilters(() => ({}));
  const query = journeyQuery(filters);
  const report = useLeadScoring(query);
  const isAdmin = useCrmRole() === 'ADMIN';
  const config = useAnalyticsConfig(isAdmin, { silent: true });
  const data = report.data;
  // Without rules nothing scores: the lists say why they are empty and who sets the rules, not «no sessions».
  const noRules = data !== undefined && data.rules.length === 0;
  const noRulesText = isAdmin
    ? 'Правил скоринга нет: добавьте правило выше — баллы начисляются только по правилам'
    : 'Правил скоринга нет: баллы начисляются только по правилам, их задаёт администратор';

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Скоринг лидов"
        action={<CsvButton download={() => downloadJourneyCsv('lead-scoring', query)} />}
      />
      <ReportFiltersBar filters={filters} onChange={(next) => setFilters({ ...filters, ...next })} />
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          Правила
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Каждое событие сессии, подходящее под правило, приносит баллы; с полураспадом событие, со дня
          которого прошло N дней (по календарю), даёт половину, 2N — четверть. Горячий лид — сессия с баллами
          не ниже порога
          {data ? ` (${data.threshold})` : ''}, принадлежащая клиенту или неоплаченному заказу.
        </Text>
        {isAdmin && config.data ? (
          <RulesEditor key={JSON.stringify(config.data)} config={config.data} />
        ) : (
          <Stack gap="sm">
            {isAdmin && config.isError ? (
              <Alert color="yellow" title="Настройки аналитики недоступны">
                Правила показаны только для чтения.
              </Alert>
            ) : null}
            {!isAdmin ? (
              <Text size="sm" c="dimmed">
                Правила меняет администратор.
              </Text>
            ) : null}
            {data ? <RulesList report={data} /> : null}
          </Stack>
        )}
      </Card>
      {data ? (
        <Figures
          items={[
            {
              label: 'Сессии с баллами',
              value: formatCount(data.scoredSessions),
              previous: data.previous ? formatCount(data.previous.scoredSessions) : null,
            },
            {
              label: 'Горячие лиды',
              value: formatCount(data.hotLeadsTotal),
              previous: data.previous ? formatCount(data.previous.hotLeads) : null,
            },
          ]}
        />
      ) : null}
      <Title order={2} size="h4">
        Горячие лиды
      </Title>
      <Text size="sm" c="dimmed">
        Контакты — только из заказа; то, что вводили в форму без отправки, не хранится и не показывается.
      </Text>
      {data && data.hotLeadsTotal > data.hotLeads.length ? (
        <Alert color="blue" data-testid="hot-leads-shown">
          Показаны первые {formatCount(data.hotLeads.length)} по баллам из {formatCount(data.hotLeadsTotal)},
          в CSV — они же. Чтобы увидеть остальных, сократите период или выберите канал или кампанию.
        </Alert>
      ) : null}
      <AdminList
        query={report}
        items={data?.hotLeads ?? []}
        errorText="Не удалось загрузить лиды"
        emptyText={noRules ? noRulesText : 'Горячих лидов нет'}
        loadingLabel="Загрузка лидов"
        testId="hot-leads"
        minWidth={900}
        columns={[
          { label: 'Баллы', ta: 'right' },
          { label: 'Начало сессии' },
          { label: 'Канал / кампания' },
          { label: 'Контакт из заказа' },
          { label: 'Заказ' },
        ]}
        renderRow={(lead) => (
          <Table.Tr key={lead.sessionId}>
            <Table.Td ta="right" fw={700}>
              {formatCount(lead.score)}
            </Table.Td>
            <Table.Td>{formatDateTime(lead.startedAt)}</Table.Td>
            <Table.Td>
              {lead.channel} / {lead.campaign ?? NO_DATA_LABEL}
            </Table.Td>
            <Table.Td>
              {lead.order ? (
                <Stack gap={0}>
                  <Text size="sm">{lead.order.name}</Text>
                  <Text size="sm">{lead.order.email}</Text>
                  <Text size="sm">{formatPhone(lead.order.phoneNumber)}</Text>
                </Stack>
              ) : lead.customerId ? (
                <Anchor component={Link} to={`/crm/customers/${lead.customerId}`} size="sm">
                  Карточка клиента
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>
              {lead.order ? (
                <Group gap={6}>
                  <Anchor component={Link} to={`/crm/orders/${lead.order.id}`}>
                    №{lead.order.number}
                  </Anchor>
                  <Badge color={lead.order.isPaid ? 'green' : 'yellow'} variant="light">
                    {lead.order.isPaid ? 'Оплачен' : 'Не оплачен'}
                  </Badge>
                </Group>
              ) : (
                'Нет заказа'
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Title order={2} size="h4">
        Сессии с баллами
      </Title>
      <AdminList
        query={report}
        items={data?.sessions ?? []}
        errorText="Не удалось загрузить сессии"
        emptyText={noRules ? noRulesText : 'За период нет сессий с баллами'}
        testId="scored-sessions"
        scrollLabel="Сессии с баллами"
        minWidth={760}
        columns={[
          { label: 'Баллы', ta: 'right' },
          { label: 'Начало' },
          { label: 'Канал' },
          { label: 'Кампания' },
          { label: 'Устройство' },
          { label: 'События', ta: 'right' },
          { label: 'Горячий' },
        ]}
        renderRow={(session) => (
          <Table.Tr key={session.sessionId}>
            <Table.Td ta="right" fw={700}>
              {formatCount(session.score)}
            </Table.Td>
            <Table.Td>{formatDateTime(session.startedAt)}</Table.Td>
            <Table.Td>{session.channel}</Table.Td>
            <Table.Td>{session.campaign ?? NO_DATA_LABEL}</Table.Td>
            <Table.Td>{session.deviceType ?? '—'}</Table.Td>
            <Table.Td ta="right">{formatCount(session.events)}</Table.Td>
            <Table.Td>{session.isHot ? 'да' : 'нет'}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
