import { useDebouncedValue } from '@mantine/hooks';
import { usePromoValidation } from '../api/validate-promo';

export const PROMO_DEBOUNCE_MS = 400;

export type PromoState =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; code: string; discountPercent: number; message: string }
  | { status: 'invalid'; message: string }
  | { status: 'error'; message: string };

export function normalisePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

/** The promo code of the draft, checked live against the server after the visitor stops typing. */
export function usePromo(rawCode: string): PromoState {
  const code = normalisePromoCode(rawCode);
  const [debounced] = useDebouncedValue(code, PROMO_DEBOUNCE_MS);
  const query = usePromoValidation(debounced);
  if (!code) return { status: 'empty' };
  if (debounced !== code || query.isPending) return { status: 'checking' };
  if (query.isError) return { status: 'error', message: query.error.message };
  const data = query.data;
  if (data.valid) {
    return { status: 'valid', code: data.code, discountPercent: data.discountPercent, message: data.message };
  }
  return { status: 'invalid', message: data.message };
}
