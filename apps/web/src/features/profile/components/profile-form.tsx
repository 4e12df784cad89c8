import { formatMessage, MESSAGES, type Profile } from '@app/contracts';
import { PhoneInput } from '@/components/phone-input';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PinInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '@/lib/notify';
import { useValidatedForm } from '@/lib/form-submit';
import { useConfirmEmail, useProfile, useRequestEmailCode, useUpdateProfile } from '../api/profile';
import {
  toProfileFormValues,
  toUpdateProfileRequest,
  validateNewEmail,
  validateProfileForm,
  type ProfileFormValues,
} from '../model/forms';

function PersonalDataCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useValidatedForm<ProfileFormValues>(toProfileFormValues(profile), validateProfileForm);
  const submit = form.onSubmit((values) =>
    update.mutate(toUpdateProfileRequest(values), {
      onSuccess: (saved) => {
        const next = toProfileFormValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        showSuccessToast(MESSAGES.profileSaved);
      },
    }),
  );
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate aria-label="Личные данные">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Личные данные
          </Title>
          <TextInput
            label="Имя"
            autoComplete="given-name"
            maxLength={100}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Фамилия"
            autoComplete="family-name"
            maxLength={100}
            {...form.getInputProps('lastName')}
          />
          <PhoneInput
            label="Телефон"
            placeholder="+7 (999) 123-45-67"
            {...form.getInputProps('phoneNumber')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** New address → a code sent there → confirm; the address changes only after the code. */
function EmailCard({ profile }: { profile: Profile }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const requestCode = useRequestEmailCode();
  const confirm = useConfirmEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: validateNewEmail,
  });

  const sendCode = form.onSubmit(({ email }) => {
    const normalized = email.trim().toLowerCase();
    requestCode.mutate(normalized, {
      onSuccess: () => {
        setPendingEmail(normalized);
        setCode('');
        showSuccessToast(formatMessage(MESSAGES.emailCodeSent, { email: normalized }));
      },
    });
  });

  const confirmCode = () => {
    if (!pendingEmail) return;
    confirm.mutate(
      { email: pendingEmail, verificationCode: code },
      {
        onSuccess: () => {
          setPendingEmail(null);
          setCode('');
          form.reset();
          showSuccessToast(MESSAGES.emailChanged);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          E-mail
        </Title>
        <Text data-testid="profile-email">{profile.email ?? 'Не указан'}</Text>
        {pendingEmail ? (
          <Stack gap="sm" role="form" aria-label="Подтверждение нового e-mail">
            <Text size="sm">
              Мы отправили код на <b>{pendingEmail}</b>. Введите его, чтобы сменить адрес.
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-label="Код из письма"
            />
            <Group gap="sm">
              <Button onClick={confirmCode} loading={confirm.isPending} disabled={code.length !== 6}>
                Подтвердить
              </Button>
              <Button variant="subtle" onClick={() => setPendingEmail(null)} disabled={confirm.isPending}>
                Другой адрес
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={sendCode} noValidate aria-label="Смена e-mail">
            <Stack gap="sm">
              <TextInput
                label="Новый e-mail"
                type="email"
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="light" loading={requestCode.isPending}>
                  Получить код
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

function TelegramCard({ profile }: { profile: Profile }) {
  if (!profile.telegramId) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="profile-telegram">
      <Group gap="sm" wrap="nowrap">
        <IconBrandTelegram size={24} aria-hidden color="var(--mantine-color-blue-6)" />
        <Stack gap={0}>
          <Text fw={500}>Telegram привязан</Text>
          <Text size="sm" c="dimmed">
            {profile.username ? `@${profile.username}` : `ID ${profile.telegramId}`}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** /cabinet/profile: name and phone, the e-mail change by code, the linked Telegram (read-only). */
export function ProfilePanel({ children }: { children?: ReactNode }) {
  const profile = useProfile();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Профиль
      </Title>
      {profile.isError ? (
        <Alert color="red" title={MESSAGES.profileLoadFailed}>
          {profile.error.message}
        </Alert>
      ) : null}
      {profile.isPending && profile.fetchStatus !== 'paused' ? <Skeleton height={240} radius="md" /> : null}
      {profile.data ? (
        <>
          {/* A fresh form whenever the profile is (re)loaded from the server. */}
          <PersonalDataCard key={profile.dataUpdatedAt} profile={profile.data} />
          <EmailCard profile={profile.data} />
          <TelegramCard profile={profile.data} />
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={500}>Организация</Text>
                <Text size="sm" c="dimmed">
                  {profile.data.organization
                    ? `${profile.data.organization.name}, ИНН ${profile.data.organization.inn}`
                    : 'Реквизиты для счетов не заполнены'}
                </Text>
              </Stack>
              <Anchor component={Link} to="/cabinet/organization">
                Изменить
              </Anchor>
            </Group>
          </Card>
          {/* Phones have no header menu: the invoices page is reached from here. */}
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={500}>Счета и акты</Text>
                <Text size="sm" c="dimmed">
                  Сформированные документы по заказам
                </Text>
              </Stack>
              <Anchor component={Link} to="/cabinet/invoices">
                Открыть
              </Anchor>
            </Group>
          </Card>
        </>
      ) : null}
      {children}
    </Stack>
  );
}
