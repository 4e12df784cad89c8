import { describe, expect, it } from 'vitest';
import { normalizeToken } from './token';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX3Rlc3Q-_';

describe('normalizeToken', () => {
  it('keeps a clean JWT', () => {
    expect(normalizeToken(JWT)).toBe(JWT);
  });

  it("removes a trailing ', null'", () => {
    expect(normalizeToken(`${JWT}, null`)).toBe(JWT);
    expect(normalizeToken(`${JWT},null`)).toBe(JWT);
  });

  it('takes the part before a comma', () => {
    expect(normalizeToken(`${JWT},${JWT}x`)).toBe(JWT);
  });

  it('keeps only the JWT-shaped prefix', () => {
    expect(normalizeToken(`${JWT}"}`)).toBe(JWT);
    expect(normalizeToken(`"${JWT}"`)).toBe(JWT);
    expect(normalizeToken(`${JWT} trailing`)).toBe(JWT);
  });

  it('rejects values that are not JWT-shaped', () => {
    expect(normalizeToken('null')).toBeNull();
    expect(normalizeToken('undefined')).toBeNull();
    expect(normalizeToken('abc.def')).toBeNull();
    expect(normalizeToken('')).toBeNull();
    expect(normalizeToken(null)).toBeNull();
  });
});
