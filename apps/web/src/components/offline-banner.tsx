import { MESSAGES } from '@app/contracts';
import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnlineStatus } from '@/lib/use-online-status';

/** Installed app without a network: the cached shell opens, and this says why the data does not load. */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      icon={<IconWifiOff size={18} aria-hidden />}
      title={MESSAGES.offlineTitle}
      role="status"
      data-testid="offline-banner"
    >
      {MESSAGES.offlineHint}
    </Alert>
  );
}
