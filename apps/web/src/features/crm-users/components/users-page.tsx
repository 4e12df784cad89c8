import { ROLES, type CrmAccessRequest, type CrmRole, type Role, type UserListItem } from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ROLE_LABELS } from '@/lib/access/role-labels';
import { formatDate, formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useSession } from '@/lib/session/session-store';
import {
  useChangeRole,
  useDeleteUser,
  useGrantAccess,
  usePendingAccessRequests,
  useRefuseAccess,
  useUsers,
} from '../api/users';
import { ConfirmModal } from '@/components/confirm-modal';

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
            onClick={() =>
              refuse.mutate(request.id, { onSuccess: () => showSuccessToast('Заявка отклонена') })
            }
          >
            Отказать
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

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
        <Table.ScrollContainer minWidth={800}>
          <Table data-testid="access-requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Имя</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Комментарий</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Решение</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((request) => (
                <AccessRequestRow key={request.id} request={request} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** /crm/users (ADMIN): users by role and search, role change, deletion, CRM access requests. */
export function UsersPage() {
  const session = useSession();
  // After a reload the session holds the profile (restored from the token), not the sign-in answer's user.
  const myId = session.profile?.id ?? session.user?.id ?? null;
  const [role, setRole] = useState<Role | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const users = useUsers({ role, search });
  const changeRole = useChangeRole();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserListItem | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchInput.trim());
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Пользователи
      </Title>
      <AccessRequests />
      <Group align="flex-end" gap="sm">
        <form onSubmit={submitSearch} role="search" aria-label="Поиск пользователей">
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Поиск"
              placeholder="E-mail, телефон или имя"
              value={searchInput}
              onChange={(event) => setSearchInput(event.currentTarget.value)}
              w={280}
            />
            <Button type="submit" variant="light">
              Найти
            </Button>
          </Group>
        </form>
        <Select
          label="Роль"
          placeholder="Все"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(value) => setRole(value as Role | null)}
          clearable
          w={200}
        />
      </Group>
      {users.isPending ? (
        <Loader aria-label="Загрузка пользователей" />
      ) : users.isError ? (
        <Alert color="red">Не удалось загрузить пользователей</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Пользователей не найдено</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Имя</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Телефон</Table.Th>
                <Table.Th>Создан</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => {
                const isMe = user.id === myId;
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>{fullName(user)}</Table.Td>
                    <Table.Td>{user.email ?? '—'}</Table.Td>
                    <Table.Td>{user.phoneNumber ?? '—'}</Table.Td>
                    <Table.Td>{formatDate(user.createdAt)}</Table.Td>
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
                            value &&
                            value !== user.role &&
                            changeRole.mutate(
                              { id: user.id, role: value as Role },
                              { onSuccess: () => showSuccessToast('Роль изменена') },
                            )
                          }
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {isMe ? null : (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(user)}>
                          Удалить
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.hasNextPage ? (
        <Button variant="default" w="fit-content" onClick={() => void users.fetchNextPage()}>
          Показать ещё
        </Button>
      ) : null}
      <ConfirmModal
        opened={toDelete !== null}
        title="Удалить пользователя?"
        message={
          <Text>
            {toDelete ? `${toDelete.email ?? fullName(toDelete)} потеряет доступ к сервису.` : null}
          </Text>
        }
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          showSuccessToast('Пользователь удалён');
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
