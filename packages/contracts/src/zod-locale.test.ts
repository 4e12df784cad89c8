import { describe, expect, it } from 'vitest';
import { UpdateOrderAmountRequestSchema } from './index.ts';

describe('zod locale', () => {
  it('gives Russian default messages to every schema imported from the package', () => {
    const result = UpdateOrderAmountRequestSchema.safeParse(42);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Неверный ввод: ожидалось object, получено число');
  });
});
