import { MESSAGES, UpdateOrderAmountRequestSchema } from '@app/contracts';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { MoneyInput } from '@/components/money-input';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { isApiError } from '@/lib/api-client';
import { formatRub } from '@/lib/format';
import { numberOrNull, type NumberField } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useChangeOrderAmount } from '../api/staff-orders';

type AmountFormValues = { amount: NumberField; reason: string };

/**
 * ADMIN changes the amount due (issue 17): always with a reason, never to 0 or below (the contract's rules, so the
 * field shows the server's message), and only after a confirmation «Было X → станет Y». The field does not clamp:
 * a typed `-100` stays `-100` and is refused, it is never saved as 0.
 */
export function AmountForm({ order }: { order: { id: string; amount: number } }) {
  const change = useChangeOrderAmount(order.id);
  const [pending, setPending] = useState<{ amount: number; reason: string } | null>(null);
  const form = useForm<AmountFormValues>({
    mode: 'controlled',
    initialValues: { amount: order.amount, reason: '' },
    validate: ({ amount, reason }) => {
      const value = numberOrNull(amount);
      if (value === null || !Number.isFinite(value)) return { amount: MESSAGES.amountInvalid };
      const result = UpdateOrderAmountRequestSchema.safeParse({ id: order.id, amount: value, reason });
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = String(issue.path[0]);
        if (!(key in errors)) errors[key] = issue.message;
      }
      return errors;
    },
    clearInputErrorOnChange: false,
  });
  const submit = form.onSubmit(({ amount, reason }) => {
    const value = numberOrNull(amount);
    if (value !== null) setPending({ amount: value, reason: reason.trim() });
  });
  const save = async () => {
    if (!pending) return;
    try {
      await change.mutateAsync(pending);
      showSuccessToast('Сумма заказа изменена');
    } catch (failure) {
      form.setFieldError(
        'amount',
        isApiError(failure) && failure.status === 403
          ? MESSAGES.forbiddenAmount
          : failure instanceof Error
            ? failure.message
            : MESSAGES.amountInvalid,
      );
    }
  };
  return (
    <form onSubmit={submit} aria-label="Сумма заказа" noValidate>
      <Group align="flex-start" gap="sm">
        <MoneyInput label="Сумма заказа, ₽" {...form.getInputProps('amount')} w={220} />
        <TextInput label="Причина изменения" {...form.getInputProps('reason')} maxLength={500} w={260} />
        <Button type="submit" mt={25} loading={change.isPending}>
          Изменить сумму
        </Button>
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title="Изменить сумму заказа?"
        color="blue"
        message={
          pending ? (
            <>
              <Text data-testid="amount-change-preview">
                Было {formatRub(order.amount)} → станет {formatRub(pending.amount)}
              </Text>
              <Text size="sm">Причина: {pending.reason}</Text>
            </>
          ) : null
        }
        confirmLabel="Изменить сумму"
        onConfirm={save}
        onClose={() => setPending(null)}
      />
    </form>
  );
}
