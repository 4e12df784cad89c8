import type { Point } from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Group,
  Image,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader, AdminList, RowActions, useConfirmAction } from '@/components/admin-list';
import { showSuccessToast } from '@/lib/notify';
import { useDeletePoint, usePartnerPoints, usePartners, useSetPointActive } from '../api/partners';
import { POINT_TYPES } from '../model/forms';
import { PointFormModal } from './point-form-modal';

function MetroLabel({ point }: { point: Point }) {
  if (!point.metro) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          background: point.metroColor ?? 'var(--mantine-color-gray-5)',
          flexShrink: 0,
        }}
        aria-hidden
      />
      <Text size="xs" c="dimmed">
        м. {point.metro}
      </Text>
    </Group>
  );
}

const POINT_COLUMNS = [
  { label: 'Фото', w: 72 },
  { label: 'Пункт' },
  { label: 'Адрес' },
  { label: 'График' },
  { label: 'Активен' },
] as const;

const typeLabel = (type: string) => POINT_TYPES.find((item) => item.value === type)?.label ?? type;

/** /crm/partner/{partnerId}/points (ADMIN): the partner's pickup points, their photos and availability. */
export function PartnerPointsPage({ partnerId }: { partnerId: string }) {
  const partners = usePartners();
  const points = usePartnerPoints(partnerId);
  const setActive = useSetPointActive(partnerId);
  const remove = useDeletePoint(partnerId);
  const [editing, setEditing] = useState<{ pointId: string | null } | null>(null);
  const confirmDelete = useConfirmAction<Point>({
    title: 'Удалить пункт выдачи?',
    message: (point) => (
      <Text size="sm">
        {`«${point.name}» и его фотографии будут удалены. Если пункт указан в заказах, удалить его нельзя — отключите его переключателем «Активен».`}
      </Text>
    ),
    onConfirm: async (point) => {
      await remove.mutateAsync(point.id);
      showSuccessToast('Пункт удалён');
    },
  });
  const partner = partners.data?.items.find((item) => item.id === partnerId);
  const items = points.data?.items ?? [];
  // The open point comes from the list, so new photos show as soon as the list is refetched.
  const editedPoint = editing?.pointId ? (items.find((item) => item.id === editing.pointId) ?? null) : null;

  if (partners.isSuccess && !partner) {
    return (
      <Stack>
        <Alert color="red" title="Партнёр не найден">
          Возможно, ссылка устарела.
        </Alert>
        <Anchor component={Link} to="/crm/partner">
          ← Ко всем партнёрам
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/crm/partner">
          Партнёры
        </Anchor>
        <Text>{partner?.name ?? '…'}</Text>
      </Breadcrumbs>
      <AdminPageHeader
        title="Пункты выдачи"
        subtitle={
          partner ? (
            <Text c="dimmed" size="sm">
              {partner.name} · комиссия {partner.commission.toLocaleString('ru-RU')} %
            </Text>
          ) : null
        }
        action={<Button onClick={() => setEditing({ pointId: null })}>Добавить пункт</Button>}
      />
      <AdminList
        query={points}
        items={items}
        errorText="Не удалось загрузить пункты выдачи"
        emptyText="У партнёра пока нет пунктов выдачи."
        testId="points-table"
        minWidth={760}
        verticalSpacing="sm"
        columns={POINT_COLUMNS}
        hasActions
        renderRow={(point) => (
          <Table.Tr key={point.id} data-testid="point-row" opacity={point.isActive ? 1 : 0.6}>
            <Table.Td>
              {point.photos[0] ? (
                <Image src={point.photos[0]} alt="" w={56} h={42} radius="sm" fit="cover" loading="lazy" />
              ) : (
                <Text size="xs" c="dimmed">
                  нет
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text fw={500} size="sm">
                {point.name}
              </Text>
              <MetroLabel point={point} />
              <Badge size="xs" variant="light" color="gray" mt={4}>
                {typeLabel(point.type)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{point.address}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{point.schedule ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Switch
                checked={point.isActive}
                aria-label={`Пункт «${point.name}» активен`}
                disabled={setActive.isPending && setActive.variables?.id === point.id}
                onChange={(event) => {
                  const isActive = event.currentTarget.checked;
                  setActive.mutate(
                    { id: point.id, isActive },
                    {
                      onSuccess: () =>
                        showSuccessToast(
                          isActive ? 'Пункт снова в форме заказа' : 'Пункт скрыт из формы заказа',
                        ),
                    },
                  );
                }}
              />
            </Table.Td>
            <Table.Td>
              <RowActions
                onEdit={() => setEditing({ pointId: point.id })}
                onDelete={() => confirmDelete.ask(point)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <PointFormModal
        editing={editing ? { item: editedPoint } : null}
        partnerId={partnerId}
        onSaved={(saved, isNew) => (isNew ? setEditing({ pointId: saved.id }) : setEditing(null))}
        onClose={() => setEditing(null)}
      />
      {confirmDelete.modal}
    </Stack>
  );
}
