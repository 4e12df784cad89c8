import { MESSAGES } from '@app/contracts';
import { Card, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { showSuccessToast, showToast } from '@/lib/notify';
import {
  disablePush,
  enablePush,
  getCurrentSubscription,
  getPushBlocker,
  type PushUnavailableReason,
} from '../model/push-subscription';

const REASON_TEXT: Record<PushUnavailableReason, { text: string; hint?: string }> = {
  unsupported: { text: MESSAGES.pushUnsupported, hint: MESSAGES.pushUnsupportedHint },
  denied: { text: MESSAGES.pushDenied, hint: MESSAGES.pushDeniedHint },
  dismissed: { text: MESSAGES.pushDismissed },
  'no-worker': { text: MESSAGES.pushNoServiceWorker },
  'not-configured': { text: MESSAGES.pushNotConfigured },
  'browser-refused': { text: MESSAGES.pushBrowserRefused },
};

/** Reasons nothing on this page can fix: the switch stays disabled. */
const BLOCKING: ReadonlySet<PushUnavailableReason> = new Set(['unsupported', 'denied', 'not-configured']);

/**
 * 'Включить push-уведомления': permission, subscription with the VAPID key through the service worker, then the
 * subscription goes to the server. Spec 8: a server failure shows 'Ошибка отправки подписки на сервер'. When it
 * cannot be turned on the switch says why under it (unsupported browser, notifications blocked and how to allow
 * them, not set up on the server), instead of silently staying off (issue 16).
 */
export function PushSwitch() {
  const [isOn, setOn] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [reason, setReason] = useState<PushUnavailableReason | null>(() => getPushBlocker());
  const reasonId = useId();

  useEffect(() => {
    let isActive = true;
    getCurrentSubscription()
      .then((subscription) => {
        if (isActive) setOn(subscription !== null);
      })
      .catch(() => undefined);
    return () => {
      isActive = false;
    };
  }, []);

  const toggle = async (checked: boolean) => {
    setBusy(true);
    try {
      if (checked) {
        const result = await enablePush();
        setOn(result === 'subscribed');
        setReason(result === 'subscribed' ? null : result);
        if (result === 'subscribed') showSuccessToast(MESSAGES.pushEnabled);
      } else {
        await disablePush();
        setOn(false);
      }
    } catch {
      setOn(false);
      showToast({ kind: 'error', title: MESSAGES.errorTitle, message: MESSAGES.pushSubscribeFailed });
    } finally {
      setBusy(false);
    }
  };

  const explained = reason ? REASON_TEXT[reason] : null;
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Switch
          label="Включить push-уведомления"
          description={
            explained ? undefined : 'Сообщим о смене статуса заказа, даже когда приложение закрыто'
          }
          checked={isOn}
          disabled={isBusy || (reason !== null && BLOCKING.has(reason))}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          aria-describedby={explained ? reasonId : undefined}
          data-testid="push-switch"
        />
        {explained ? (
          <div id={reasonId} role="status" data-testid="push-unavailable" data-reason={reason}>
            <Text size="sm" fw={600}>
              {explained.text}
            </Text>
            {explained.hint ? (
              <Text size="sm" c="gray.7">
                {explained.hint}
              </Text>
            ) : null}
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
