import type { Partner } from '@app/contracts';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';
import { useSavePartner, useUserSearch } from '../api/partners';
import {
  toPartnerFormValues,
  toPartnerRequest,
  validatePartnerForm,
  type PartnerFormValues,
} from '../model/forms';

const ROLE_LABELS: Record<string, string> = {
  USER: 'клиент',
  PARTNER: 'партнёр',
};

function PartnerForm({ partner, onDone }: { partner: Partner | null; onDone: () => void }) {
  const save = useSavePartner();
  const form = useForm<PartnerFormValues>({
    mode: 'controlled',
    initialValues: toPartnerFormValues(partner),
    validate: validatePartnerForm,
    validateInputOnBlur: true,
  });
  const [search] = useDebouncedValue(form.values.userEmail, 250);
  const users = useUserSearch(search);
  // Staff accounts cannot be linked (the server refuses them too).
  const options = (users.data?.items ?? [])
    .filter((user) => user.email && (user.role === 'USER' || user.role === 'PARTNER'))
    .map((user) => ({
      value: user.email!,
      label: user.email!,
      description: [[user.firstName, user.lastName].filter(Boolean).join(' '), ROLE_LABELS[user.role]]
        .filter(Boolean)
        .join(' · '),
    }));
  const descriptions = new Map(options.map((option) => [option.value, option.description]));
  const previousEmail = partner?.userEmail ?? '';
  const isUnlinking = previousEmail !== '' && form.values.userEmail.trim().toLowerCase() !== previousEmail;

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...toPartnerRequest(values), ...(partner ? { id: partner.id } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(partner ? 'Партнёр сохранён' : 'Партнёр добавлен');
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const detail of error.details)
            form.setFieldError(detail.path.split('.').at(-1) ?? '', detail.message);
        },
      },
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PartnerFormModal(props: { opened: boolean; partner: Partner | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.partner ? `Партнёр «${props.partner.name}»` : 'Новый партнёр'}
      centered
    >
      {props.opened ? <PartnerForm partner={props.partner} onDone={props.onClose} /> : null}
    </Modal>
  );
}
