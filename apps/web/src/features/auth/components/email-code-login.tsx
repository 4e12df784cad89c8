import { RequestCodeRequestSchema, VerifyCodeRequestSchema, type SessionUser } from '@app/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast, showToast } from '@/lib/notify';
import { sessionActions, useSession } from '@/lib/session/session-store';
import { CodeHelp } from './code-help';

const CodeFormSchema = VerifyCodeRequestSchema.pick({ verificationCode: true });

function useCountdown(seconds: number | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!seconds) return undefined;
    const endsAt = Date.now() + seconds * 1000;
    const update = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** Customer sign-in: e-mail → 6-digit code (spec 4 statuses drive the two steps). */
export function EmailCodeLogin({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { status, pendingEmail, retryAfterSeconds } = useSession();
  const isCodeStep = status === 'codeWaiting' || status === 'enteredCode';
  const resendIn = useCountdown(isCodeStep ? retryAfterSeconds : null);

  const emailForm = useForm({
    mode: 'uncontrolled',
    initialValues: { email: pendingEmail ?? '' },
    validate: validateWithSchema(RequestCodeRequestSchema),
  });
  const codeForm = useForm({
    mode: 'uncontrolled',
    initialValues: { verificationCode: '' },
    validate: validateWithSchema(CodeFormSchema),
  });

  const requestCode = async (email: string) => {
    try {
      await sessionActions.requestCode(RequestCodeRequestSchema.parse({ email }).email);
      showToast({ kind: 'info', message: `Код отправлен на ${email}` });
    } catch (error) {
      showErrorToast(error);
    }
  };

  const handleEmailSubmit = emailForm.onSubmit(({ email }) => requestCode(email));

  const handleCodeSubmit = codeForm.onSubmit(async ({ verificationCode }) => {
    try {
      onSignedIn(await sessionActions.verifyCode(verificationCode.trim()));
    } catch (error) {
      codeForm.setFieldValue('verificationCode', '');
      showErrorToast(error);
    }
  });

  if (!isCodeStep) {
    return (
      <form onSubmit={handleEmailSubmit} noValidate aria-label="Вход по email">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.ru"
            autoComplete="email"
            required
            key={emailForm.key('email')}
            {...emailForm.getInputProps('email')}
          />
          <Button type="submit" loading={status === 'pending'} fullWidth>
            Получить код
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={handleCodeSubmit} noValidate aria-label="Ввод кода из письма">
      <Stack gap="md">
        <Text size="sm">
          Мы отправили 6-значный код на <b>{pendingEmail}</b>.
        </Text>
        <TextInput
          label="Код из письма"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
          key={codeForm.key('verificationCode')}
          {...codeForm.getInputProps('verificationCode')}
        />
        <Button type="submit" loading={status === 'enteredCode'} fullWidth>
          Войти
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => sessionActions.changeEmail()}>
            Изменить email
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resendIn > 0}
            c={resendIn > 0 ? 'dimmed' : undefined}
            onClick={() => {
              if (pendingEmail && resendIn === 0) void requestCode(pendingEmail);
            }}
          >
            {resendIn > 0 ? `Отправить код повторно через ${resendIn} с` : 'Отправить код повторно'}
          </Anchor>
        </Group>
        <CodeHelp
          email={pendingEmail ?? ''}
          resendIn={resendIn}
          onResend={() => {
            if (pendingEmail) void requestCode(pendingEmail);
          }}
        />
      </Stack>
    </form>
  );
}
