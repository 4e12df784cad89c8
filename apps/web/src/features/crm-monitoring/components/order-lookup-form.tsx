import { MESSAGES } from '@app/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { OrderNotFoundError, resolveOrderLookup, showMonitoringError } from '../api/monitoring';
import { parseOrderLookup } from '../model/order-lookup';

/** Orders tab: open an order's monitoring page by its number or ID (spec 2). */
export function OrderLookupForm() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseOrderLookup(input);
    if (!parsed.success) {
      setError(parsed.error);
      return;
    }
    setIsResolving(true);
    try {
      const order = await resolveOrderLookup(parsed.data);
      void navigate(`/crm/monitoring/order/${order.orderId}`);
    } catch (failure) {
      if (failure instanceof OrderNotFoundError) setError(failure.message);
      else showMonitoringError(MESSAGES.monitoringLoadError, failure);
    } finally {
      setIsResolving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} role="search" aria-label="Поиск заказа" noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Номер или ID заказа"
          placeholder="1024 или 3f2c…"
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          w={{ base: '100%', xs: 340 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={isResolving}>
          Открыть
        </Button>
      </Group>
    </form>
  );
}
