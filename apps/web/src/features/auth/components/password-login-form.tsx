import { LoginRequestSchema, PartnerLoginRequestSchema, type SessionUser } from '@app/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { validateWithSchema, type SafeParseSchema } from '@/lib/forms';
import { showErrorToast } from '@/lib/notify';
import { sessionActions } from '@/lib/session/session-store';

type IdentifierField = {
  name: 'login' | 'email';
  label: string;
  type?: 'email';
  placeholder?: string;
};

type PasswordLoginValues = Record<IdentifierField['name'] | 'password', string>;

/**
 * Sign-in with an identifier and a password: the staff (/login) and the partner portal (/partner/login) forms
 * differ only in the identifier field, the contract schema and the request.
 */
export function PasswordLoginForm<Result>({
  formLabel,
  identifier,
  schema,
  signIn,
  onSignedIn,
}: {
  formLabel: string;
  identifier: IdentifierField;
  schema: SafeParseSchema;
  signIn: (values: PasswordLoginValues) => Promise<Result>;
  onSignedIn: (result: Result) => void;
}) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<PasswordLoginValues>({
    mode: 'uncontrolled',
    initialValues: { [identifier.name]: '', password: '' } as PasswordLoginValues,
    validate: validateWithSchema(schema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setIsSubmitting(true);
    try {
      onSignedIn(await signIn(values));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        <TextInput
          label={identifier.label}
          {...(identifier.type ? { type: identifier.type } : {})}
          {...(identifier.placeholder ? { placeholder: identifier.placeholder } : {})}
          autoComplete="username"
          required
          key={form.key(identifier.name)}
          {...form.getInputProps(identifier.name)}
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

/** Staff sign-in with login and password (POST /api/auth/login). */
export function StaffLoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  return (
    <PasswordLoginForm
      formLabel="Вход для сотрудников"
      identifier={{ name: 'login', label: 'Логин', placeholder: 'email@example.ru' }}
      schema={LoginRequestSchema}
      signIn={({ login, password }) => sessionActions.login({ login, password })}
      onSignedIn={onSignedIn}
    />
  );
}

/** Partner-portal sign-in (POST /api/partner/auth/login). */
export function PartnerLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <PasswordLoginForm
      formLabel="Вход для партнёров"
      identifier={{ name: 'email', label: 'Email', type: 'email' }}
      schema={PartnerLoginRequestSchema}
      signIn={(values) => sessionActions.partnerLogin(PartnerLoginRequestSchema.parse(values))}
      onSignedIn={onSignedIn}
    />
  );
}
