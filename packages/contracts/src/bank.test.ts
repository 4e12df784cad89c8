import { describe, expect, it } from 'vitest';
import { isValidBik, isValidCorrespondentAccount, isValidSettlementAccount } from './bank.ts';

// Real correspondent accounts of Сбербанк, Т-Банк and Альфа-Банк with their BIKs (from the banks' published details).
const BANKS = [
  { bik: '044525225', correspondent: '30101810400000000225' },
  { bik: '044525974', correspondent: '30101810145250000974' },
  { bik: '044525593', correspondent: '30101810200000000593' },
] as const;

describe('BIK', () => {
  it.each(BANKS)('accepts $bik', ({ bik }) => expect(isValidBik(bik)).toBe(true));
  it.each(['04452522', '0445252250', '04452522a', '', ' 044525225'])('rejects «%s»', (bik) =>
    expect(isValidBik(bik)).toBe(false),
  );
});

describe('correspondent account (key over «0» + BIK digits 5–6)', () => {
  it.each(BANKS)('accepts $correspondent with $bik', ({ bik, correspondent }) =>
    expect(isValidCorrespondentAccount(correspondent, bik)).toBe(true),
  );
  it('rejects a changed digit, another bank’s BIK, a wrong length', () => {
    expect(isValidCorrespondentAccount('30101810400000000226', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('30101810400000000225', '044030653')).toBe(false);
    expect(isValidCorrespondentAccount('3010181040000000022', '044525225')).toBe(false);
  });
});

describe('settlement account (key over the BIK’s last 3 digits + account)', () => {
  it.each([
    ['40702810938000012345', '044525225'],
    ['40802810000000123456', '044525974'],
    ['40817810504000000001', '044525593'],
  ])('accepts %s with %s', (account, bik) => expect(isValidSettlementAccount(account, bik)).toBe(true));
  it('rejects a changed digit, the account with another bank, letters and wrong lengths', () => {
    expect(isValidSettlementAccount('40702810938000012346', '044525225')).toBe(false);
    expect(isValidSettlementAccount('40702810938000012345', '044525974')).toBe(false);
    expect(isValidSettlementAccount('4070281093800001234a', '044525225')).toBe(false);
    expect(isValidSettlementAccount('4070281093800001234', '044525225')).toBe(false);
    expect(isValidSettlementAccount('40702810938000012345', '04452522')).toBe(false);
  });
});
