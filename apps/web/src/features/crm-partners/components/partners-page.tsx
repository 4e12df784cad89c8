import type { Partner } from '@app/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { pluralRu } from '@/lib/format';
import { usePartners } from '../api/partners';
import { PartnerFormModal } from './partner-form-modal';

const formatPercent = (value: number) => `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;

/** /crm/partner (ADMIN): pickup point operators, their commission and the account that works for them. */
export function PartnersPage() {
  const partners = usePartners();
  const [editing, setEditing] = useState<{ partner: Partner | null } | null>(null);
  const items = partners.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Партнёры
        </Title>
        <Button onClick={() => setEditing({ partner: null })}>Добавить партнёра</Button>
      </Group>
      {partners.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : partners.isError ? (
        <Alert color="red">Не удалось загрузить партнёров</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Партнёров пока нет — добавьте первого.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="partners-table" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Название</Table.Th>
                <Table.Th>Комиссия</Table.Th>
                <Table.Th>Аккаунт партнёра</Table.Th>
                <Table.Th>Пункты выдачи</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((partner) => (
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
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setEditing({ partner })}>
                        Изменить
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        component={Link}
                        to={`/crm/partner/${partner.id}/points`}
                      >
                        Пункты
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PartnerFormModal
        opened={editing !== null}
        partner={editing?.partner ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
