import { Loader, Text, TextInput } from '@mantine/core';
import type { PromoState } from '../hooks/use-promo';

/** Promo code with the server's verdict under it (green when applied, red when not). */
export function PromoField({
  value,
  state,
  onChange,
}: {
  value: string;
  state: PromoState;
  onChange: (value: string) => void;
}) {
  const isInvalid = state.status === 'invalid' || state.status === 'error';
  return (
    <div>
      <TextInput
        label="Промокод"
        placeholder="Если есть"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
        rightSection={
          state.status === 'checking' ? <Loader size="xs" aria-label="Проверяем промокод" /> : null
        }
        autoComplete="off"
        autoCapitalize="characters"
        aria-invalid={isInvalid || undefined}
        aria-describedby="promo-status"
        maxLength={50}
      />
      <Text
        id="promo-status"
        size="sm"
        mt={4}
        role="status"
        aria-live="polite"
        c={state.status === 'valid' ? 'green.9' : 'red.9'}
        data-testid="promo-status"
        data-state={state.status}
      >
        {state.status === 'valid' || isInvalid ? state.message : ''}
      </Text>
    </div>
  );
}
