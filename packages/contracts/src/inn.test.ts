import { describe, expect, it } from 'vitest';
import { isValidInn, isValidKpp } from './inn.ts';
import { EmailSchema, PhoneSchema } from './common.ts';

describe('INN', () => {
  it.each(['7707083893', '7736207543', '500100732259', '784806113663'])('accepts the valid INN %s', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });
  it.each(['7707083894', '500100732258', '123', '77070838931', 'abcdefghij', ''])('rejects %s', (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });
});

describe('KPP', () => {
  it('accepts 9 characters with an optional letter reason code', () => {
    expect(isValidKpp('773601001')).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidKpp('77360100a')).toBe(false);
  });
});

describe('e-mail and phone', () => {
  it('normalises e-mail case and spaces', () => {
    expect(EmailSchema.parse('  Ivan@Example.RU ')).toBe('ivan@example.ru');
    expect(EmailSchema.safeParse('ivan@').success).toBe(false);
  });
  it('normalises Russian phone numbers to +7XXXXXXXXXX', () => {
    expect(PhoneSchema.parse('8 (916) 123-45-67')).toBe('+79161234567');
    expect(PhoneSchema.parse('+7 916 123 45 67')).toBe('+79161234567');
    expect(PhoneSchema.safeParse('12345').success).toBe(false);
  });
});
