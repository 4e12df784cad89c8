import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** The new password and its confirmation (spec 5 rules, checked by the contracts' form schemas). */
export function PartnerPasswordFields<Values extends { newPassword: string; confirmPassword: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <>
      <PasswordInput
        label="Новый пароль"
        description="Минимум 8 символов"
        autoComplete="new-password"
        required
        maxLength={200}
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Повторите пароль"
        autoComplete="new-password"
        required
        maxLength={200}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
