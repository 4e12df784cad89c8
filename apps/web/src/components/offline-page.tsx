import { MESSAGES } from '@app/contracts';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-client';
import { AppLink } from '@/lib/navigation';
import { useOnlineStatus } from '@/lib/use-online-status';

/**
 * A page failed to open because there is no network (its lazy code was never cached, or a request could not
 * leave): not a fault of the page, so not «Что-то пошло не так» (issue 16).
 */
export function isOfflineFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return isApiError(error) && error.kind === 'network';
}

/** What a page that cannot open offline shows, inside its layout (the navigation stays). */
export function OfflinePage({ homePath }: { homePath: string }) {
  const isOnline = useOnlineStatus();
  return (
    <Center mih="50dvh" p="md" data-testid="offline-page">
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconWifiOff size={48} stroke={1.4} aria-hidden />
        <Title order={1} size="h2">
          {MESSAGES.offlineTitle}
        </Title>
        <Text c="gray.7" role="status">
          {isOnline ? MESSAGES.offlineBackOnline : MESSAGES.offlinePageHint}
        </Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{MESSAGES.offlineOpenPage}</Button>
          <Button component={AppLink} to={homePath} variant="default">
            На главную страницу раздела
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
