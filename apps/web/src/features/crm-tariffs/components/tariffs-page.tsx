import type { Language, Tariff } from '@app/contracts';
import { LoadError } from '@/components/load-error';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatRub, formatWorkingDays } from '@/lib/format';
import { useTariffChoices, useTariffs } from '../api/tariffs';
import { ANY_DOCUMENT, describePair } from '../model/tariff-form';

function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge
      color={isActive ? 'teal' : 'gray'}
      variant="light"
      // The table and the phone card size the column by the badge's full text, never an ellipsis.
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {isActive ? 'Активен' : 'Выключен'}
    </Badge>
  );
}

const extraDaysText = (days: number) => (days > 0 ? `+${formatWorkingDays(days)}` : '—');
const surchargeText = (surcharge: number) => (surcharge > 0 ? `+${formatRub(surcharge)}` : '—');

function TariffsTable({ items, languages }: { items: Tariff[]; languages: Language[] }) {
  return (
    <Table striped highlightOnHover data-testid="tariffs-table" visibleFrom="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Название</Table.Th>
          <Table.Th>Языки</Table.Th>
          <Table.Th>Документ</Table.Th>
          <Table.Th ta="right">% от цены</Table.Th>
          <Table.Th ta="right">Надбавка</Table.Th>
          <Table.Th>Доп. срок</Table.Th>
          <Table.Th>Активен</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((tariff) => (
          <Table.Tr key={tariff.id} c={tariff.isActive ? undefined : 'dimmed'}>
            <Table.Td>
              <Anchor component={Link} to={`/crm/tariffs/${tariff.id}`} fw={500}>
                {tariff.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{describePair(tariff, languages)}</Table.Td>
            <Table.Td>{tariff.documentTypeName ?? ANY_DOCUMENT}</Table.Td>
            <Table.Td ta="right">{tariff.pricePercent} %</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {surchargeText(tariff.surcharge)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{extraDaysText(tariff.extraDays)}</Table.Td>
            <Table.Td>
              <StatusBadge isActive={tariff.isActive} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Phones: one card per rule instead of a seven-column table. */
function TariffCards({ items, languages }: { items: Tariff[]; languages: Language[] }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" data-testid="tariffs-cards">
      {items.map((tariff) => (
        <Card key={tariff.id} withBorder padding="sm" c={tariff.isActive ? undefined : 'dimmed'}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={`/crm/tariffs/${tariff.id}`} fw={600}>
              {tariff.name}
            </Anchor>
            <StatusBadge isActive={tariff.isActive} />
          </Group>
          <Text size="sm" mt={4}>
            {describePair(tariff, languages)} · {tariff.documentTypeName ?? ANY_DOCUMENT}
          </Text>
          <Text size="sm" c="dimmed">
            {[
              `${tariff.pricePercent} % от цены`,
              tariff.surcharge > 0 ? surchargeText(tariff.surcharge) : null,
              tariff.extraDays > 0 ? `срок ${extraDaysText(tariff.extraDays)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** /crm/tariffs (ADMIN): the price rules the order form and the server apply to each document line. */
export function TariffsPage() {
  const tariffs = useTariffs();
  const choices = useTariffChoices();
  const items = tariffs.data?.items ?? [];
  const languages = choices.data?.languages ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          Тарифы
        </Title>
        <Button component={Link} to="/crm/tariffs/new" leftSection={<IconPlus size={16} />}>
          Добавить тариф
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        Тариф меняет цену документа для языковой пары и (или) вида документа: процент от цены из настроек
        формы плюс надбавка, и добавляет рабочие дни к сроку. Если подходят несколько тарифов, действует самый
        точный (больше заданных условий), при равенстве — с меньшим порядком. Заверения и доставка считаются
        по своим ценам; скидка по промокоду — от цены по тарифу. Оформленные заказы сохраняют свои цены.
      </Text>
      {tariffs.isPending ? (
        <Loader aria-label="Загрузка" />
      ) : tariffs.isError ? (
        <LoadError title="Не удалось загрузить тарифы" query={tariffs} />
      ) : items.length === 0 ? (
        <Text c="dimmed">Тарифов пока нет — все документы считаются по ценам из настроек формы.</Text>
      ) : (
        <>
          <TariffsTable items={items} languages={languages} />
          <TariffCards items={items} languages={languages} />
        </>
      )}
    </Stack>
  );
}
