import { MESSAGES } from '@app/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';
import { ConfirmModal } from '@/components/confirm-modal';
import { useDeleteTariff, useSaveTariff, useTariff, useTariffChoices } from '../api/tariffs';
import { TariffForm } from './tariff-form';

const LIST_PATH = '/crm/tariffs';
/** /crm/tariffs/new opens the same page empty. */
export const NEW_TARIFF_ID = 'new';

/** /crm/tariffs/:id (ADMIN): edit or delete one rule; /crm/tariffs/new creates one. */
export function TariffPage() {
  const { id: param = NEW_TARIFF_ID } = useParams();
  const id = param === NEW_TARIFF_ID ? null : param;
  const navigate = useNavigate();
  const tariff = useTariff(id);
  const choices = useTariffChoices();
  const save = useSaveTariff(id);
  const remove = useDeleteTariff();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const backToList = () => void navigate(LIST_PATH);

  const title = id === null ? 'Новый тариф' : tariff.data ? `Тариф «${tariff.data.name}»` : 'Тариф';
  const isLoading = choices.isPending || (id !== null && tariff.isPending);
  const loadError =
    id !== null && tariff.isError
      ? isApiError(tariff.error) && tariff.error.status === 404
        ? MESSAGES.tariffNotFound
        : tariff.error.message
      : choices.isError
        ? 'Не удалось загрузить языки и документы'
        : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={LIST_PATH} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconChevronLeft size={14} aria-hidden />
          Все тарифы
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      {loadError ? (
        <Alert color="red" data-testid="tariff-load-error">
          {loadError}
        </Alert>
      ) : isLoading || !choices.data ? (
        <Loader aria-label="Загрузка" />
      ) : (
        <TariffForm
          key={tariff.data?.updatedAt ?? 'new'}
          tariff={id === null ? null : (tariff.data ?? null)}
          languages={choices.data.languages}
          documents={choices.data.documents}
          isSaving={save.isPending}
          onCancel={backToList}
          onSubmit={async (body) => {
            await save.mutateAsync(body);
            showSuccessToast(id === null ? 'Тариф добавлен' : 'Изменения сохранены');
            backToList();
          }}
          actions={
            id !== null ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmingDelete(true)}>
                Удалить тариф
              </Button>
            ) : null
          }
        />
      )}
      <ConfirmModal
        opened={isConfirmingDelete}
        title="Удалить тариф?"
        message={`Тариф «${tariff.data?.name ?? ''}» перестанет применяться к новым заказам, и форма заказа сразу покажет цены без него. Оформленные заказы сохранят свои цены.`}
        confirmLabel="Удалить"
        onConfirm={async () => {
          if (id === null) return;
          await remove.mutateAsync(id);
          showSuccessToast('Тариф удалён');
          backToList();
        }}
        onClose={() => setConfirmingDelete(false)}
      />
    </Stack>
  );
}
