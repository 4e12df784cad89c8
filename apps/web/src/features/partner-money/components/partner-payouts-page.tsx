import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { AdminList, AdminTable } from '@/components/admin-list';
import { formatDate, formatDateTime } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { downloadStatement, usePartnerPayouts } from '../api/partner-money';
import { CommissionStatusBadge, MoneyCell, PayoutStatusBadge, rub } from './money';
import { commissionSubject } from './partner-commissions-page';

/** /partner/history/payouts: the partner's payouts with their commissions and a PDF statement (decision 062). */
export function PartnerPayoutsPage() {
  const payouts = usePartnerPayouts();
  const items = payouts.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        История выплат
      </Title>
      <AdminList
        query={payouts}
        items={items}
        errorText="Не удалось загрузить выплаты"
        emptyText="Выплат пока не было"
        testId="partner-payouts-summary"
        scrollLabel="Таблица выплат"
        minWidth={480}
        columns={[{ label: 'Период' }, { label: 'Сумма', ta: 'right' }, { label: 'Статус' }]}
        renderRow={(payout) => (
          <Table.Tr key={payout.id}>
            <Table.Td>
              {formatDate(payout.periodFrom)} — {formatDate(payout.periodTo)}
            </Table.Td>
            <MoneyCell kopecks={payout.amountKopecks} />
            <Table.Td>
              <PayoutStatusBadge status={payout.status} />
            </Table.Td>
          </Table.Tr>
        )}
      />
      {items.map((payout) => {
        const title = `Выплата за ${formatDate(payout.periodFrom)} — ${formatDate(payout.periodTo)}`;
        return (
          <Card withBorder key={payout.id} data-testid="partner-payout">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Title order={2} size="h4">
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {rub(payout.amountKopecks)}
                    {payout.paidAt
                      ? ` · выплачено ${formatDateTime(payout.paidAt)}`
                      : ' · готовится к выплате'}
                  </Text>
                </div>
                <Group gap="sm">
                  <PayoutStatusBadge status={payout.status} />
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Скачать выписку: ${title}`}
                    onClick={() => downloadStatement(payout).catch(showErrorToast)}
                  >
                    Скачать выписку (PDF)
                  </Button>
                </Group>
              </Group>
              <AdminTable
                testId="partner-payout-commissions"
                scrollLabel={`Начисления: ${title}`}
                minWidth={560}
                columns={[
                  { label: 'Начисление' },
                  { label: 'Создана' },
                  { label: 'Сумма', ta: 'right' },
                  { label: 'Статус' },
                ]}
              >
                {payout.commissions.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{commissionSubject(item)}</Table.Td>
                    <Table.Td>{formatDate(item.createdAt)}</Table.Td>
                    <MoneyCell kopecks={item.amountKopecks} />
                    <Table.Td>
                      <CommissionStatusBadge status={item.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </AdminTable>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
