import { ROLES, type CrmAccessRequest, type CrmRole, type Role, type UserListItem } from '@app/contracts';
import { Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  AdminPageHeader,
  AdminList,
  AdminTable,
  RowActions,
  useConfirmAction,
} from '@/components/admin-list';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadMoreButton } from '@/components/load-more-button';
import { SearchForm } from '@/components/search-form';
import { ROLE_LABELS } from '@/lib/access/role-labels';
import { formatDate, formatDateTime, formatPhone } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useSession } from '@/lib/session/session-store';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import {
  useChangeRole,
  useDeleteUser,
  useGrantAccess,
  usePendingAccessRequests,
  useRefuseAccess,
  useUsers,
} from '../api/users';

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
// MANAGER first: the usual grant (the select's default).
const GRANT_OPTIONS = (['MANAGER', 'ADMIN', 'PARTNER'] as const satisfies readonly CrmRole[]).map(
  (value) => ({
    value,
    label: ROLE_LABELS[value],
  }),
);

function fullName(user: UserListItem): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
}

function AccessRequestRow({ request }: { request: CrmAccessRequest }) {
  const [role, setRole] = useState<CrmRole>('MANAGER');
  const [refusal, setRefusal] = useState<{ isOpen: boolean; reason: string }>({ isOpen: false, reason: '' });
  const grant = useGrantAccess();
  const refuse = useRefuseAccess();
  return (
    <Table.Tr>
      <Table.Td>{request.name ?? '—'}</Table.Td>
      <Table.Td>{request.email ?? '—'}</Table.Td>
      <Table.Td>{request.comment ?? '—'}</Table.Td>
      <Table.Td>{formatDateTime(request.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label="Роль"
            data={GRANT_OPTIONS}
            value={role}
            onChange={(value) => value && setRole(value as typeof role)}
            allowDeselect={false}
            w={170}
            size="xs"
          />
          <Button
            size="xs"
            loading={grant.isPending}
            onClick={() =>
              grant.mutate({ id: request.id, role }, { onSuccess: () => showSuccessToast('Доступ выдан') })
            }
          >
            Выдать доступ
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={refuse.isPending}
            onClick={() => setRefusal({ isOpen: true, reason: '' })}
          >
            Отказать
          </Button>
        </Group>
        <ConfirmModal
          opened={refusal.isOpen}
          title="Отклонить заявку?"
          message={
            <Stack gap="xs">
              <Text>{request.email ?? request.name ?? '—'}</Text>
              <TextInput
                label="Причина (придёт заявителю в письме)"
                placeholder="Необязательно"
                maxLength={1000}
                value={refusal.reason}
                onChange={(event) => setRefusal({ isOpen: true, reason: event.currentTarget.value })}
              />
            </Stack>
          }
          confirmLabel="Отклонить"
          onConfirm={async () => {
            await refuse.mutateAsync({ id: request.id, reason: refusal.reason });
            showSuccessToast('Заявка отклонена');
          }}
          onClose={() => setRefusal({ isOpen: false, reason: refusal.reason })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

const REQUEST_COLUMNS = [
  { label: 'Имя' },
  { label: 'E-mail' },
  { label: 'Комментарий' },
  { label: 'Дата' },
  { label: 'Решение' },
] as const;

function AccessRequests() {
  const requests = usePendingAccessRequests();
  const items = requests.data?.items ?? [];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Заявки на доступ
      </Title>
      {requests.isPending ? (
        <Loader size="sm" aria-label="Загрузка заявок" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Новых заявок нет
        </Text>
      ) : (
        <AdminTable testId="access-requests" minWidth={800} columns={REQUEST_COLUMNS}>
          {items.map((request) => (
            <AccessRequestRow key={request.id} request={request} />
          ))}
        </AdminTable>
      )}
    </Card>
  );
}

type UserFilters = { role: Role | null; search: string };

/** The list's filters in the URL (lib/use-url-filters.ts): `?role=MANAGER&search=...`. */
const USER_FILTERS_CODEC: UrlFiltersCodec<UserFilters> = {
  parse: (params) => {
    const role = params.get('role');
    return {
      role: role !== null && (ROLES as readonly string[]).includes(role) ? (role as Role) : null,
      search: (params.get('search') ?? '').trim().slice(0, 200),
    };
  },
  toQuery: ({ role, search }) => ({ ...(role ? { role } : {}), ...(search ? { search } : {}) }),
};

/** Role and e-mail first: on a 375 px phone the table scrolls sideways and these stay in view (issue 17). */
const USER_COLUMNS = [
  { label: 'Роль' },
  { label: 'E-mail' },
  { label: 'Имя' },
  { label: 'Телефон' },
  { label: 'Создан' },
] as const;

/** /crm/users (ADMIN): users by role and search, role change, deletion, CRM access requests. */
export function UsersPage() {
  const session = useSession();
  // After a reload the session holds the profile (restored from the token), not the sign-in answer's user.
  const myId = session.profile?.id ?? session.user?.id ?? null;
  const [filters, setFilters] = useUrlFilters(USER_FILTERS_CODEC);
  const users = useUsers(filters);
  const changeRole = useChangeRole();
  const remove = useDeleteUser();
  // A role changes only after a confirmation that shows old → new (decision 048); the server refuses the rest.
  const confirmRole = useConfirmAction<{ user: UserListItem; role: Role }>({
    title: 'Изменить роль?',
    message: ({ user, role }) => (
      <Stack gap="xs">
        <Text>{user.email ?? fullName(user)}</Text>
        <Text fw={600}>{`${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role]}`}</Text>
        <Text size="sm">
          {role === 'ADMIN'
            ? 'Администратор получит полный доступ: пользователи, роли, настройки и деньги.'
            : user.role === 'ADMIN'
              ? 'Пользователь потеряет права администратора.'
              : 'Доступ изменится сразу, без повторного входа.'}
        </Text>
      </Stack>
    ),
    confirmLabel: 'Изменить роль',
    onConfirm: async ({ user, role }) => {
      await changeRole.mutateAsync({ id: user.id, role });
      showSuccessToast('Роль изменена');
    },
  });
  const confirmDelete = useConfirmAction<UserListItem>({
    title: 'Удалить пользователя?',
    message: (user) => <Text>{`${user.email ?? fullName(user)} потеряет доступ к сервису.`}</Text>,
    onConfirm: async (user) => {
      await remove.mutateAsync(user.id);
      showSuccessToast('Пользователь удалён');
    },
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Пользователи" />
      <AccessRequests />
      <Group align="flex-end" gap="sm">
        <SearchForm
          key={filters.search}
          formLabel="Поиск пользователей"
          placeholder="E-mail, телефон или имя"
          initial={filters.search}
          onSearch={(search) => setFilters({ ...filters, search })}
        />
        <Select
          label="Роль"
          placeholder="Все"
          data={ROLE_OPTIONS}
          value={filters.role}
          onChange={(value) => setFilters({ ...filters, role: value as Role | null })}
          clearable
          w={200}
        />
      </Group>
      <AdminList
        query={users}
        items={users.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить пользователей"
        emptyText="Пользователей не найдено"
        loadingLabel="Загрузка пользователей"
        testId="users-table"
        minWidth={800}
        columns={USER_COLUMNS}
        hasActions
        renderRow={(user) => {
          const isMe = user.id === myId;
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                {isMe ? (
                  <Text size="sm">{ROLE_LABELS[user.role]} (вы)</Text>
                ) : (
                  <Select
                    aria-label={`Роль: ${user.email ?? fullName(user)}`}
                    data={ROLE_OPTIONS}
                    value={user.role}
                    allowDeselect={false}
                    size="xs"
                    w={170}
                    onChange={(value) =>
                      value && value !== user.role && confirmRole.ask({ user, role: value as Role })
                    }
                  />
                )}
              </Table.Td>
              <Table.Td>{user.email ?? '—'}</Table.Td>
              <Table.Td>{fullName(user)}</Table.Td>
              <Table.Td>{user.phoneNumber ? formatPhone(user.phoneNumber) : '—'}</Table.Td>
              <Table.Td>{formatDate(user.createdAt)}</Table.Td>
              <Table.Td>
                {isMe ? null : <RowActions justify="flex-start" onDelete={() => confirmDelete.ask(user)} />}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <LoadMoreButton list={users} />
      {confirmRole.modal}
      {confirmDelete.modal}
    </Stack>
  );
}
