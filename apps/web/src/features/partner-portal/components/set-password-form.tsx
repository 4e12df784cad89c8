import { PartnerPasswordFormSchema } from '@app/contracts';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { setPartnerPassword } from '../api/partner-portal';
import { PartnerPasswordFields } from './partner-password-fields';

/** /partner/set-password?token=…: the link from the approval or «Забыли пароль?» mail; signs the partner in. */
export function SetPasswordForm({ token, onSignedIn }: { token: string | null; onSignedIn: () => void }) {
  const [isSaving, setIsSaving] = useState(false);
  const form = useValidatedForm(
    { newPassword: '', confirmPassword: '' },
    validateWithSchema(PartnerPasswordFormSchema),
  );
  if (!token)
    return (
      <Alert color="red" title="Ссылка неполная">
        Откройте ссылку из письма целиком или запросите новую на{' '}
        <Anchor component={Link} to="/partner/login" underline="always">
          странице входа
        </Anchor>
        .
      </Alert>
    );
  const submit = form.onSubmit(async ({ newPassword }) => {
    setIsSaving(true);
    try {
      await setPartnerPassword({ token, newPassword });
      onSignedIn();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSaving(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Установка пароля">
      <Stack gap="sm">
        <PartnerPasswordFields form={form} />
        <Button type="submit" loading={isSaving} fullWidth>
          Сохранить пароль и войти
        </Button>
      </Stack>
    </form>
  );
}
