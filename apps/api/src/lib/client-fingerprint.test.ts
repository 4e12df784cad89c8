import { describe, expect, it } from 'vitest';
import { fingerprintHashes, truncateIp } from './client-fingerprint.ts';

describe('client fingerprint', () => {
  it('hashes the same request the same way and never keeps the raw values', () => {
    const a = fingerprintHashes('s'.repeat(32), { ip: '203.0.113.7', userAgent: 'UA 1' });
    expect(a).toEqual(fingerprintHashes('s'.repeat(32), { ip: '203.0.113.7', userAgent: 'UA 1' }));
    expect(a.ipHash).not.toContain('203');
    expect(fingerprintHashes('s'.repeat(32), { ip: '203.0.113.7', userAgent: 'UA 2' }).ipHash).toBe(a.ipHash);
    expect(fingerprintHashes('s'.repeat(32), { ip: '203.0.113.7', userAgent: 'UA 2' }).deviceHash).not.toBe(
      a.deviceHash,
    );
    expect(fingerprintHashes('t'.repeat(32), { ip: '203.0.113.7', userAgent: 'UA 1' }).ipHash).not.toBe(
      a.ipHash,
    );
  });

  it('truncates IPv4 to /24 and IPv6 to /48', () => {
    expect(truncateIp('203.0.113.7')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.23')).toBe('198.51.100.0');
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8::');
    expect(truncateIp('garbage')).toBe('');
  });
});
