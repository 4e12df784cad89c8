import { PartnerProfileSchema } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { getCrmRole, getPartnerData, isPartnerProfile } from './credentials';

const PARTNER = {
  id: 'p-1',
  name: 'Бюро на Таганке',
  email: 'partner@demo.local',
  phone: null,
  company: 'ООО «Перевод»',
  website: null,
  description: null,
  type: 'AFFILIATE',
  status: 'ACTIVE',
  commission: 10,
};

describe('stored credentials', () => {
  beforeEach(() => localStorage.clear());

  // isPartnerProfile replaces PartnerProfileSchema on every page (zod stays out of the first load).
  it.each([
    ['a full profile', PARTNER],
    ['an unknown type', { ...PARTNER, type: 'RESELLER' }],
    ['an unknown status', { ...PARTNER, status: 'GONE' }],
    ['a missing e-mail', { ...PARTNER, email: undefined }],
    ['a numeric phone', { ...PARTNER, phone: 79160000000 }],
    ['a string commission', { ...PARTNER, commission: '10' }],
    ['null', null],
    ['a string', 'partner'],
  ])('checks a stored partner profile like the schema: %s', (_, value) => {
    expect(isPartnerProfile(value)).toBe(PartnerProfileSchema.safeParse(value).success);
  });

  it('reads the partner profile back, and nothing from a damaged entry', () => {
    localStorage.setItem(STORAGE_KEYS.partnerData, JSON.stringify(PARTNER));
    expect(getPartnerData()).toEqual(PARTNER);
    localStorage.setItem(STORAGE_KEYS.partnerData, JSON.stringify({ ...PARTNER, status: 'GONE' }));
    expect(getPartnerData()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.partnerData, '{not json');
    expect(getPartnerData()).toBeNull();
  });

  it('keeps a CRM role and drops any other stored value', () => {
    localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    expect(getCrmRole()).toBe('MANAGER');
    localStorage.setItem(STORAGE_KEYS.crmRole, 'USER');
    expect(getCrmRole()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.crmRole)).toBeNull();
  });
});
