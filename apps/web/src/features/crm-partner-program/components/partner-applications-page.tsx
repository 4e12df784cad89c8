import {
  PARTNER_APPLICATION_STATUS_LABELS,
  PARTNER_MESSAGES,
  PARTNER_TYPE_LABELS,
  type PartnerApplication,
  type PartnerApplicationStatus,
} from '@app/contracts';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminList, AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { formatDateTime, formatPhone } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { useApproveApplication, usePartnerApplications, useRefuseApplication } from '../api/partner-program';
import { ReasonConfirmModal } from './reason-confirm-modal';

const STATUSES = ['PENDING', 'APPROVED', 'REFUSED'] as const satisfies readonly PartnerApplicationStatus[];
const STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: PARTNER_APPLICATION_STATUS_LABELS[value] }));

/** Pending first by default; «Все» shows every application. */
const FILTERS_CODEC: UrlFiltersCodec<{ status: PartnerApplicationStatus | null }> = {
  parse: (params) => {
    const status = params.get('status');
    if (status === 'ALL') return { status: null };
    return {
      status: (STATUSES as readonly string[]).includes(status ?? '')
        ? (status as PartnerApplicationStatus)
        : 'PENDING',
    };
  },
  toQuery: ({ status }) => ({ status: status ?? 'ALL' }),
};

const COLUMNS = [
  { label: 'Заявитель' },
  { label: 'Тип' },
  { label: 'Как будет рекомендовать' },
  { label: 'Подана' },
  { label: 'Статус' },
] as const;

/** /crm/partner-program/applications (ADMIN): approve (account + set-password mail) or refuse with a reason. */
export function PartnerApplicationsPage() {
  const [filters, setFilters] = useUrlFilters(FILTERS_CODEC);
  const applications = usePartnerApplications(filters.status);
  const approve = useApproveApplication();
  const refuse = useRefuseApplication();
  const [refusing, setRefusing] = useState<PartnerApplication | null>(null);
  const [isRefusalOpen, setIsRefusalOpen] = useState(false);
  const confirmApprove = useConfirmAction<PartnerApplication>({
    title: 'Одобрить заявку?',
    message: (application) => (
      <Stack gap="xs">
        <Text>{`${application.name} (${application.email})`}</Text>
        <Text size="sm">
          Будет создан кабинет партнёра «{PARTNER_TYPE_LABELS[application.type]}», на e-mail придёт ссылка для
          установки пароля.
        </Text>
      </Stack>
    ),
    confirmLabel: 'Одобрить',
    onConfirm: async (application) => {
      await approve.mutateAsync(application.id);
      showSuccessToast('Заявка одобрена, партнёру отправлено письмо');
    },
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Заявки в партнёрскую программу" />
      <Group align="flex-end" gap="sm">
        <Select
          label="Статус"
          data={[...STATUS_OPTIONS, { value: 'ALL', label: 'Все' }]}
          value={filters.status ?? 'ALL'}
          allowDeselect={false}
          onChange={(value) =>
            setFilters({ status: value === 'ALL' ? null : (value as PartnerApplicationStatus) })
          }
          w={220}
        />
        <Anchor component={Link} to="/crm/partner-program" size="sm">
          Настройки и партнёры программы
        </Anchor>
      </Group>
      <AdminList
        query={applications}
        items={applications.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить заявки"
        emptyText="Заявок нет"
        loadingLabel="Загрузка заявок"
        testId="partner-applications-table"
        minWidth={960}
        columns={COLUMNS}
        hasActions
        renderRow={(application) => (
          <Table.Tr key={application.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {application.name}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  application.company,
                  application.email,
                  application.phone ? formatPhone(application.phone) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {application.website ? (
                <Anchor
                  href={application.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  size="xs"
                >
                  {application.website}
                </Anchor>
              ) : null}
            </Table.Td>
            <Table.Td>{PARTNER_TYPE_LABELS[application.type]}</Table.Td>
            <Table.Td maw={360}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {application.promotion}
              </Text>
            </Table.Td>
            <Table.Td>{formatDateTime(application.createdAt)}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={
                  application.status === 'APPROVED'
                    ? 'teal'
                    : application.status === 'REFUSED'
                      ? 'red'
                      : 'blue'
                }
              >
                {PARTNER_APPLICATION_STATUS_LABELS[application.status]}
              </Badge>
              {application.refusalReason ? (
                <Text size="xs" c="dimmed">
                  {application.refusalReason}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {application.status === 'PENDING' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => confirmApprove.ask(application)}>
                    Одобрить
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setRefusing(application);
                      setIsRefusalOpen(true);
                    }}
                  >
                    Отклонить
                  </Button>
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={applications} />
      {confirmApprove.modal}
      <ReasonConfirmModal
        opened={isRefusalOpen}
        title="Отклонить заявку?"
        confirmLabel="Отклонить"
        reasonLabel="Причина (придёт заявителю в письме)"
        requiredMessage={PARTNER_MESSAGES.partnerRefusalReasonRequired}
        onConfirm={async (reason) => {
          if (!refusing) return;
          await refuse.mutateAsync({ id: refusing.id, reason });
          showSuccessToast('Заявка отклонена, заявителю отправлено письмо');
        }}
        onClose={() => setIsRefusalOpen(false)}
      >
        {refusing ? <Text>{`${refusing.name} (${refusing.email})`}</Text> : null}
      </ReasonConfirmModal>
    </Stack>
  );
}
