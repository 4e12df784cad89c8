import type { TelegramAuthRequest } from '@app/contracts';
import { Divider, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { useAuthConfig } from '@/features/auth/api/get-auth-config';
import { EmailCodeLogin } from '@/features/auth/components/email-code-login';
import { TelegramLoginButton } from '@/features/auth/components/telegram-login-button';
import { SupportWidget } from '@/features/support-widget/components/support-widget';
import { getSafeRedirect } from '@/lib/area';
import { showErrorToast } from '@/lib/notify';
import { sessionActions } from '@/lib/session/session-store';

export function CabinetLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: authConfig } = useAuthConfig();
  const goOn = () => {
    void navigate(getSafeRedirect(searchParams.get('redirect')) ?? '/cabinet/orders', { replace: true });
  };
  const handleTelegramAuth = (fields: TelegramAuthRequest) => {
    sessionActions.loginWithTelegram(fields).then(goOn, showErrorToast);
  };

  return (
    <AuthLayout title="Вход в личный кабинет" subtitle="Пришлём код для входа на ваш email">
      <Stack gap="md">
        <EmailCodeLogin onSignedIn={goOn} />
        {authConfig?.telegramBotName ? (
          <>
            <Divider label="или" labelPosition="center" />
            <TelegramLoginButton botName={authConfig.telegramBotName} onAuth={handleTelegramAuth} />
          </>
        ) : null}
      </Stack>
      <SupportWidget />
    </AuthLayout>
  );
}
