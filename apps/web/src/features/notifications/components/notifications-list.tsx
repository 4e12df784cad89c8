import { MESSAGES, type Notification } from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { LoadMoreButton } from '@/components/load-more-button';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationsList,
} from '../api/notifications';

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      w="100%"
      data-testid="notification-item"
      data-unread={item.isRead ? undefined : 'true'}
    >
      <Card
        withBorder
        radius="md"
        padding="sm"
        bg={item.isRead ? undefined : 'var(--mantine-color-blue-light)'}
        style={item.isRead ? undefined : { borderColor: 'var(--mantine-color-blue-4)' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Indicator disabled={item.isRead} color="blue" size={10} position="middle-start" mt={8}>
            <span />
          </Indicator>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={item.isRead ? 500 : 700}>{item.title}</Text>
            <Text size="sm">{item.body}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.createdAt)}
              {item.isRead ? '' : ' · новое'}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** /cabinet/notifications: newest first, unread highlighted; a click marks it read and opens its order. */
export function NotificationsList({ headerExtra }: { headerExtra?: ReactNode }) {
  const navigate = useNavigate();
  const query = useNotificationsList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.items ?? []) ?? [];
  const unreadCount = query.data?.pages[0]?.unreadCount ?? 0;

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate(item.id);
    if (item.orderId) void navigate(`/cabinet/orders/${item.orderId}`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Уведомления
        </Title>
        {unreadCount > 0 ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, { onSuccess: () => showSuccessToast(MESSAGES.allNotificationsRead) })
            }
          >
            Отметить все прочитанными
          </Button>
        ) : null}
      </Group>
      {headerExtra}
      {query.isPending && query.fetchStatus !== 'paused' ? <Skeleton height={80} radius="md" /> : null}
      {query.isError ? (
        <Alert color="red" title={MESSAGES.notificationsLoadFailed}>
          {query.error.message}
        </Alert>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<IconBell size={32} aria-hidden />}
          withIndicatorBackground
          title="Уведомлений нет"
          description="Здесь появятся новости о ваших заказах: оплата, смена статуса, готовность."
        />
      ) : null}
      <Stack gap="xs" data-testid="notifications-list">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={open} />
        ))}
      </Stack>
      <LoadMoreButton list={query} showLoading isStretched />
    </Stack>
  );
}
