import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PartnerPromoCodeCreateRequestSchema,
  PROMO_CODE_STATUS_LABELS,
  type PartnerPromoCode,
} from '@app/contracts';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { useCreatePromoCode, usePartnerPromoCodes } from '../api/referrals';

function CreatePromoCodeForm({ maxDiscount }: { maxDiscount: number }) {
  const create = useCreatePromoCode();
  const form = useValidatedForm(
    { code: '', discountPercent: Math.min(10, maxDiscount) },
    validateWithSchema(PartnerPromoCodeCreateRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      { code: values.code.trim().toUpperCase(), discountPercent: values.discountPercent },
      saveCallbacks(form, 'Промокод создан', () => form.reset()),
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Новый промокод" noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Промокод"
          description="Латинские буквы, цифры, _ и -"
          withAsterisk
          maxLength={50}
          w={220}
          maw="100%"
          {...form.getInputProps('code')}
        />
        <NumberInput
          label="Скидка, %"
          description={`Не больше ${maxDiscount} %`}
          withAsterisk
          min={1}
          max={maxDiscount}
          allowDecimal={false}
          w={160}
          {...form.getInputProps('discountPercent')}
        />
        <Button type="submit" loading={create.isPending} mt={{ base: 0, sm: 50 }}>
          Создать промокод
        </Button>
      </Group>
    </form>
  );
}

const COLUMNS = [
  { label: 'Промокод' },
  { label: 'Скидка' },
  { label: 'Использован' },
  { label: 'Заказы' },
  { label: 'Статус' },
  { label: 'Создан' },
] as const;

/** /partner/affiliate/promocodes: the partner's codes; an order with one is the partner's (over any link). */
export function PartnerPromoCodesPage() {
  const codes = usePartnerPromoCodes();
  const maxDiscount = codes.data?.maxDiscountPercent ?? 15;
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Промокоды" />
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            Заказ с вашим промокодом засчитывается вам, даже если клиент пришёл по чужой ссылке.
          </Text>
          <CreatePromoCodeForm maxDiscount={maxDiscount} />
        </Stack>
      </Card>
      <AdminList
        query={codes}
        items={codes.data?.items ?? []}
        errorText="Не удалось загрузить промокоды"
        emptyText="Промокодов пока нет"
        testId="promocodes-table"
        minWidth={620}
        columns={COLUMNS}
        renderRow={(code: PartnerPromoCode) => (
          <Table.Tr key={code.code}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {code.code}
                </Text>
                <CopyButton value={code.code}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={copy}
                      aria-label={`Копировать промокод ${code.code}`}
                    >
                      {copied ? 'Скопирован' : 'Копировать'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Table.Td>
            <Table.Td>{code.discountPercent} %</Table.Td>
            <Table.Td>
              {code.usedCount}
              {code.maxUses === null ? '' : ` из ${code.maxUses}`}
            </Table.Td>
            <Table.Td>{code.orders}</Table.Td>
            <Table.Td>
              <Badge color={code.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light">
                {PROMO_CODE_STATUS_LABELS[code.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(code.createdAt)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
