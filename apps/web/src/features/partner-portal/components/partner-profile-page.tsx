import {
  MESSAGES,
  PARTNER_STATUS_LABELS,
  PARTNER_TYPE_LABELS,
  PartnerChangePasswordFormSchema,
  UpdatePartnerProfileRequestSchema,
  type PartnerProfile,
} from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PhoneInput } from '@/components/phone-input';
import { isApiError } from '@/lib/api-client';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { showSuccessToast, showToast } from '@/lib/notify';
import { useChangePartnerPassword, usePartnerProfile, useUpdatePartnerProfile } from '../api/partner-portal';
import { PartnerPasswordFields } from './partner-password-fields';

type ProfileValues = {
  name: string;
  email: string;
  phone: string;
  company: string;
  website: string;
  description: string;
};

const toValues = (profile: PartnerProfile): ProfileValues => ({
  name: profile.name,
  email: profile.email,
  phone: profile.phone ?? '',
  company: profile.company ?? '',
  website: profile.website ?? '',
  description: profile.description ?? '',
});

/** Spec 8: a failed save or password change is a toast with the spec's title and the server's reason. */
function failureToast(title: string, fallback: string, error: unknown) {
  const message = isApiError(error) && error.kind === 'http' && error.message ? error.message : fallback;
  showToast({ kind: 'error', title, message });
}

function ProfileForm({ profile }: { profile: PartnerProfile }) {
  const update = useUpdatePartnerProfile();
  const form = useValidatedForm<ProfileValues>(
    toValues(profile),
    validateWithSchema(UpdatePartnerProfileRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) => {
        const next = toValues(answer.data);
        form.setInitialValues(next);
        form.setValues(next);
        showSuccessToast(MESSAGES.partnerProfileUpdated);
      },
      onError: (error) => {
        setServerFieldErrors(form, error);
        failureToast(MESSAGES.partnerProfileUpdateError, MESSAGES.partnerProfileSaveFailed, error);
      },
    }),
  );
  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate aria-label="Данные партнёра">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Данные партнёра
          </Title>
          <TextInput
            label="Имя"
            required
            maxLength={200}
            autoComplete="name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            description="Email нельзя изменить"
            disabled
            {...form.getInputProps('email')}
          />
          <PhoneInput label="Телефон" placeholder="+7 (999) 123-45-67" {...form.getInputProps('phone')} />
          <TextInput
            label="Компания"
            maxLength={200}
            autoComplete="organization"
            {...form.getInputProps('company')}
          />
          <TextInput
            label="Сайт"
            placeholder="https://example.ru"
            type="url"
            maxLength={500}
            {...form.getInputProps('website')}
          />
          <Textarea label="Описание" rows={4} maxLength={2000} {...form.getInputProps('description')} />
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

function ProgrammeCard({ profile }: { profile: PartnerProfile }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label="Условия партнёрства" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Условия партнёрства
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <div>
            <Text size="sm" c="dimmed">
              Тип
            </Text>
            <Text>{PARTNER_TYPE_LABELS[profile.type]}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Статус
            </Text>
            <Badge color={profile.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light">
              {PARTNER_STATUS_LABELS[profile.status]}
            </Badge>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Комиссия
            </Text>
            <Text>{`${profile.commission.toLocaleString('ru-RU')} %`}</Text>
          </div>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The collapsible password change (spec 2, spec 5 rules and spec 8 texts). */
export function ChangePasswordCard() {
  const [isOpen, setIsOpen] = useState(false);
  const change = useChangePartnerPassword();
  const form = useValidatedForm<PasswordValues>(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateWithSchema(PartnerChangePasswordFormSchema),
  );
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          setIsOpen(false);
          showSuccessToast(MESSAGES.partnerPasswordChanged);
        },
        onError: (error) => {
          setServerFieldErrors(form, error);
          failureToast(MESSAGES.partnerPasswordChangeError, MESSAGES.partnerPasswordChangeFailed, error);
        },
      },
    ),
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Пароль
          </Title>
          <Button
            variant="light"
            onClick={() => setIsOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-controls="partner-password-form"
          >
            {isOpen ? 'Скрыть' : 'Изменить пароль'}
          </Button>
        </Group>
        <Collapse expanded={isOpen}>
          <form id="partner-password-form" onSubmit={submit} noValidate aria-label="Смена пароля">
            <Stack gap="sm">
              <PasswordInput
                label="Текущий пароль"
                autoComplete="current-password"
                required
                maxLength={200}
                {...form.getInputProps('currentPassword')}
              />
              <PartnerPasswordFields form={form} />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending}>
                  Сменить пароль
                </Button>
              </Group>
            </Stack>
          </form>
        </Collapse>
      </Stack>
    </Card>
  );
}

/** /partner/profile (spec 2 "Partner profile page"). */
export function PartnerProfilePage() {
  const profile = usePartnerProfile();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Профиль партнёра
      </Title>
      {profile.isPending ? (
        <Skeleton h={320} aria-label="Загрузка профиля" />
      ) : profile.isError ? (
        <LoadError title={MESSAGES.partnerProfileLoadFailed} query={profile} />
      ) : (
        <>
          <ProgrammeCard profile={profile.data.data} />
          <ProfileForm profile={profile.data.data} />
          <ChangePasswordCard />
        </>
      )}
    </Stack>
  );
}
