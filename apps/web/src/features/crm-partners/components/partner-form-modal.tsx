import type { Partner } from '@app/contracts';
import { Alert, Autocomplete, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROLE_LABELS } from '@/lib/access/role-labels';
import { useSavePartner, useUserSearch } from '../api/partners';
import {
  toPartnerFormValues,
  toPartnerRequest,
  validatePartnerForm,
  type PartnerFormValues,
} from '../model/forms';
import { EditModal, FormActions } from '@/components/admin-list';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';

function PartnerForm({ partner, onDone }: { partner: Partner | null; onDone: () => void }) {
  const save = useSavePartner();
  const form = useValidatedForm<PartnerFormValues>(toPartnerFormValues(partner), validatePartnerForm);
  const [search] = useDebouncedValue(form.values.userEmail, 250);
  const users = useUserSearch(search);
  // Staff accounts cannot be linked (the server refuses them too).
  const options = (users.data?.items ?? [])
    .filter((user) => user.email && (user.role === 'USER' || user.role === 'PARTNER'))
    .map((user) => ({
      value: user.email!,
      label: user.email!,
      description: [
        [user.firstName, user.lastName].filter(Boolean).join(' '),
        ROLE_LABELS[user.role].toLowerCase(),
      ]
        .filter(Boolean)
        .join(' · '),
    }));
  const descriptions = new Map(options.map((option) => [option.value, option.description]));
  const previousEmail = partner?.userEmail ?? '';
  const isUnlinking = previousEmail !== '' && form.values.userEmail.trim().toLowerCase() !== previousEmail;

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...toPartnerRequest(values), ...(partner ? { id: partner.id } : {}) },
      saveCallbacks(form, partner ? 'Партнёр сохранён' : 'Партнёр добавлен', onDone),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={partner ? 'Изменить партнёра' : 'Новый партнёр'}>
      <Stack gap="sm">
        <TextInput label="Название" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <NumberInput
          label="Комиссия, %"
          description="Доля партнёра от суммы заказов его пунктов, от 0 до 100 %"
          required
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          clampBehavior="none"
          {...form.getInputProps('commission')}
        />
        <Autocomplete
          label="Аккаунт партнёра"
          description="Пользователь получит роль PARTNER и увидит в CRM заказы пунктов этого партнёра"
          placeholder="E-mail, имя или телефон"
          autoComplete="off"
          clearable
          data={options}
          filter={({ options: all }) => all}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.value}</Text>
              {descriptions.get(option.value) ? (
                <Text size="xs" c="dimmed">
                  {descriptions.get(option.value)}
                </Text>
              ) : null}
            </div>
          )}
          {...form.getInputProps('userEmail')}
        />
        {isUnlinking ? (
          <Alert color="yellow" variant="light">
            {`Аккаунт ${previousEmail} будет отвязан и, если он не привязан к другим партнёрам, получит роль USER.`}
          </Alert>
        ) : null}
        <FormActions onCancel={onDone} isSaving={save.isPending} />
      </Stack>
    </form>
  );
}

export function PartnerFormModal({
  editing,
  onClose,
}: {
  editing: { item: Partner | null } | null;
  onClose: () => void;
}) {
  return (
    <EditModal
      editing={editing}
      onClose={onClose}
      title={(partner) => (partner ? `Партнёр «${partner.name}»` : 'Новый партнёр')}
    >
      {(partner) => <PartnerForm partner={partner} onDone={onClose} />}
    </EditModal>
  );
}
