import { MESSAGES } from '@app/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { OrderNotFoundError, resolveOrderLookup, showMonitoringError } from '../api/monitoring';
import { lookupError, parseOrderLookup } from '../model/order-lookup';

/** Orders tab: open an order's monitoring page by its number or ID (spec 2). */
export function OrderLookupForm() {
  const navigate = useNavigate();
  const form = useForm<{ lookup: string }>({
    mode: 'controlled',
    initialValues: { lookup: '' },
    validate: { lookup: lookupError },
  });

  const submit = form.onSubmit(async ({ lookup }) => {
    const parsed = parseOrderLookup(lookup);
    if (!parsed.success) return;
    try {
      const order = await resolveOrderLookup(parsed.data);
      void navigate(`/crm/monitoring/order/${order.orderId}`);
    } catch (failure) {
      if (failure instanceof OrderNotFoundError) form.setFieldError('lookup', failure.message);
      else showMonitoringError(MESSAGES.monitoringLoadError, failure);
    }
  });

  return (
    <form onSubmit={submit} role="search" aria-label="Поиск заказа" noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Номер или ID заказа"
          placeholder="1024 или 3f2c…"
          {...form.getInputProps('lookup')}
          w={{ base: '100%', xs: 340 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={form.submitting}>
          Открыть
        </Button>
      </Group>
    </form>
  );
}
