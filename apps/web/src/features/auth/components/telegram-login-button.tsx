import type { TelegramAuthRequest } from '@app/contracts';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';
const CALLBACK_NAME = 'onTelegramAuth';

type TelegramWindow = Window & { [CALLBACK_NAME]?: (user: TelegramAuthRequest) => void };

/** Telegram Login Widget; its fields are posted to POST /api/auth by the caller. */
export function TelegramLoginButton({
  botName,
  onAuth,
}: {
  botName: string;
  onAuth: (user: TelegramAuthRequest) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);

  useEffect(() => {
    onAuthRef.current = onAuth;
  }, [onAuth]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const target = window as TelegramWindow;
    target[CALLBACK_NAME] = (user) => onAuthRef.current(user);
    const script = document.createElement('script');
    script.src = WIDGET_SRC;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-radius', '8');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-lang', 'ru');
    script.setAttribute('data-onauth', `${CALLBACK_NAME}(user)`);
    container.replaceChildren(script);
    return () => {
      container.replaceChildren();
      delete target[CALLBACK_NAME];
    };
  }, [botName]);

  return (
    <Box
      ref={containerRef}
      role="group"
      aria-label="Войти через Telegram"
      data-testid="telegram-login"
      mih={40}
      style={{ display: 'flex', justifyContent: 'center' }}
    />
  );
}
