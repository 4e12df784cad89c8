import { PartnerLoginRequestSchema, type PartnerLoginRequest } from '@app/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { sessionActions } from '@/lib/session/session-store';

/** Partner-portal sign-in (POST /api/partner/auth/login). */
export function PartnerLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<PartnerLoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validateWithSchema(PartnerLoginRequestSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setIsSubmitting(true);
    try {
      await sessionActions.partnerLogin(PartnerLoginRequestSchema.parse(values));
      onSignedIn();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Вход для партнёров">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
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
