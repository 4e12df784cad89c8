import { LoginRequestSchema, type LoginRequest, type SessionUser } from '@app/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { sessionActions } from '@/lib/session/session-store';

/** Staff sign-in with login and password (POST /api/auth/login). */
export function StaffLoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { login: '', password: '' },
    validate: validateWithSchema(LoginRequestSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setIsSubmitting(true);
    try {
      onSignedIn(await sessionActions.login(values));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Вход для сотрудников">
      <Stack gap="md">
        <TextInput
          label="Логин"
          placeholder="email@example.ru"
          autoComplete="username"
          required
          key={form.key('login')}
          {...form.getInputProps('login')}
        />
        <PasswordInput
          label="Пароль"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Войти
        </Button>
      </Stack>
    </form>
  );
}
