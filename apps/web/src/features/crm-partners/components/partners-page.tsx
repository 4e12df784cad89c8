import type { Partner } from '@app/contracts';
import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminList, AdminPageHeader, RowActions, useEditing } from '@/components/admin-list';
import { pluralRu } from '@/lib/format';
import { usePartners } from '../api/partners';
import { PartnerFormModal } from './partner-form-modal';

const formatPercent = (value: number) => `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;

const PARTNER_COLUMNS = [
  { label: 'Название' },
  { label: 'Комиссия' },
  { label: 'Аккаунт партнёра' },
  { label: 'Пункты выдачи' },
] as const;

/** /crm/partner (ADMIN): pickup point operators, their commission and the account that works for them. */
export function PartnersPage() {
  const partners = usePartners();
  const { editing, open, close } = useEditing<Partner>();

  return (
    <Stack gap="lg">
      <AdminPageHeader title="Партнёры" action={<Button onClick={() => open()}>Добавить партнёра</Button>} />
      <AdminList
        query={partners}
        items={partners.data?.items ?? []}
        errorText="Не удалось загрузить партнёров"
        emptyText="Партнёров пока нет — добавьте первого."
        testId="partners-table"
        minWidth={640}
        verticalSpacing="sm"
        columns={PARTNER_COLUMNS}
        hasActions
        renderRow={(partner) => (
          <Table.Tr key={partner.id}>
            <Table.Td fw={500}>{partner.name}</Table.Td>
            <Table.Td>{formatPercent(partner.commission)}</Table.Td>
            <Table.Td>{partner.userEmail ?? <Text c="dimmed">не привязан</Text>}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/crm/partner/${partner.id}/points`}>
                {`${partner.pointsCount} ${pluralRu(partner.pointsCount, ['пункт', 'пункта', 'пунктов'])}`}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <RowActions onEdit={() => open(partner)}>
                <Button size="xs" variant="subtle" component={Link} to={`/crm/partner/${partner.id}/points`}>
                  Пункты
                </Button>
              </RowActions>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <PartnerFormModal editing={editing} onClose={close} />
    </Stack>
  );
}
