import { PartnerForgotPasswordRequestSchema } from '@app/contracts';
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { requestPartnerPasswordLink } from '../api/partner-portal';

/** «Забыли пароль?» on /partner/login: mails a set-password link; the answer is the same for any e-mail. */
export function ForgotPassword() {
  const [isOpen, setIsOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const form = useValidatedForm({ email: '' }, validateWithSchema(PartnerForgotPasswordRequestSchema));
  const close = () => {
    setIsOpen(false);
    setAnswer(null);
    form.reset();
  };
  const submit = form.onSubmit(async ({ email }) => {
    setIsSending(true);
    try {
      const result = await requestPartnerPasswordLink(email.trim());
      setAnswer(result.message ?? '');
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSending(false);
    }
  });
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setIsOpen(true)}>
        Забыли пароль?
      </Anchor>
      <Modal opened={isOpen} onClose={close} title="Восстановление пароля" centered>
        {answer ? (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {answer}
            </Text>
            <Button onClick={close}>Понятно</Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Восстановление пароля">
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                data-autofocus
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={isSending}>
                Прислать ссылку
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
