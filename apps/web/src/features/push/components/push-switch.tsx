import { MESSAGES } from '@app/contracts';
import { Card, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showSuccessToast, showToast } from '@/lib/notify';
import { disablePush, enablePush, getCurrentSubscription, isPushSupported } from '../model/push-subscription';

/**
 * 'Включить push-уведомления': permission, subscription with the VAPID key through the service worker, then the
 * subscription goes to the server. Spec 8: a server failure shows 'Ошибка отправки подписки на сервер';
 * declined or unsupported is only logged (the switch simply stays off).
 */
export function PushSwitch() {
  const [isOn, setOn] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const isSupported = isPushSupported();

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

  return (
    <Card withBorder radius="md" padding="sm">
      <Switch
        label="Включить push-уведомления"
        description={
          isSupported
            ? 'Сообщим о смене статуса заказа, даже когда приложение закрыто'
            : MESSAGES.pushUnsupported
        }
        checked={isOn}
        disabled={isBusy || !isSupported}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        data-testid="push-switch"
      />
    </Card>
  );
}
