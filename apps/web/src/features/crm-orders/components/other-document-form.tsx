import { formatMessage, MESSAGES } from '@app/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { MoneyInput } from '@/components/money-input';
import { useForm } from '@mantine/form';
import { formatRub } from '@/lib/format';
import { numberOrNull } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useChangeOtherDocumentAmount } from '../api/staff-orders';

type Values = { price: string | number; cost: string | number };

/**
 * «Другой документ» (decision 044): a document we have done outside. Its price is part of the order total (the
 * total is changed with «Сумма заказа»), its cost is ours — a cost in the unit economics.
 */
export function OtherDocumentForm({
  orderId,
  amount,
  initial,
}: {
  orderId: string;
  amount: number;
  initial: { otherPrice: number | null; otherCost: number | null } | null;
}) {
  const change = useChangeOtherDocumentAmount(orderId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { price: initial?.otherPrice ?? '', cost: initial?.otherCost ?? '' },
    validate: {
      price: (value) => {
        const price = numberOrNull(value);
        return price !== null && Math.round(price * 100) > Math.round(amount * 100)
          ? formatMessage(MESSAGES.otherPriceAboveTotal, { amount: formatRub(amount) })
          : null;
      },
    },
  });
  const price = numberOrNull(form.values.price);
  const cost = numberOrNull(form.values.cost);
  const submit = form.onSubmit(({ price: priceValue, cost: costValue }) =>
    change.mutate(
      { otherPrice: numberOrNull(priceValue), otherCost: numberOrNull(costValue) },
      { onSuccess: () => showSuccessToast('Другой документ сохранён') },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Другой документ">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Другой документ (делаем у подрядчика)
        </Text>
        <Group align="flex-start" gap="sm">
          <MoneyInput
            label="Цена для клиента, ₽"
            description="Входит в сумму заказа, итог не меняет"
            {...form.getInputProps('price')}
            min={0}
            decimalScale={2}
            w={240}
          />
          <MoneyInput
            label="Наши затраты, ₽"
            description="Расход «Другие документы» в статистике"
            {...form.getInputProps('cost')}
            min={0}
            decimalScale={2}
            w={240}
          />
          <Button type="submit" variant="light" loading={change.isPending} mt={44}>
            Сохранить
          </Button>
        </Group>
        {price !== null && cost !== null ? (
          <Text size="sm" data-testid="other-document-margin">
            Маржа по другому документу: {formatRub(price - cost)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
