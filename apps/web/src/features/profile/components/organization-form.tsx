import { MESSAGES, type Profile } from '@app/contracts';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { showSuccessToast } from '@/lib/notify';
import { useProfile, useUpdateOrganization } from '../api/profile';
import {
  toOrganizationFormValues,
  toUpdateOrganizationRequest,
  validateOrganizationForm,
  type OrganizationFormValues,
} from '../model/forms';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';

function OrganizationFields({ profile }: { profile: Profile }) {
  const update = useUpdateOrganization();
  const form = useValidatedForm<OrganizationFormValues>(
    toOrganizationFormValues(profile),
    validateOrganizationForm,
  );

  const submit = form.onSubmit((values) =>
    update.mutate(toUpdateOrganizationRequest(values), {
      onSuccess: () => showSuccessToast(MESSAGES.organizationSaved),
      onError: (error) => {
        setServerFieldErrors(form, error);
      },
    }),
  );

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate aria-label="Реквизиты организации">
        <Stack gap="sm">
          <TextInput
            label="ИНН"
            inputMode="numeric"
            maxLength={12}
            required
            autoComplete="off"
            {...form.getInputProps('inn')}
          />
          <TextInput
            label="КПП"
            description="Для ИП не заполняется"
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            {...form.getInputProps('kpp')}
          />
          <TextInput label="Название" required autoComplete="organization" {...form.getInputProps('name')} />
          <Textarea label="Юридический адрес" required rows={3} {...form.getInputProps('address')} />
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

/** /cabinet/organization: the payer's requisites for invoices and new orders (INN checksum, KPP format). */
export function OrganizationForm() {
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Организация
      </Title>
      <Text size="sm" c="dimmed">
        Реквизиты попадут в счета и акты и подставятся в новый заказ, если платит организация.
      </Text>
      {profile.isError ? (
        <Alert color="red" title={MESSAGES.profileLoadFailed}>
          {profile.error.message}
        </Alert>
      ) : null}
      {profile.isPending && profile.fetchStatus !== 'paused' ? <Skeleton height={280} radius="md" /> : null}
      {profile.data ? <OrganizationFields key={profile.dataUpdatedAt} profile={profile.data} /> : null}
    </Stack>
  );
}
