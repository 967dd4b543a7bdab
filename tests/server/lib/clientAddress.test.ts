// The address a per-address limit counts: IPv4 as is, IPv6 by its /64 whatever its spelling, IPv4-mapped IPv6 as
// the IPv4 address it carries.
import { describe, expect, it } from 'vitest';
import { limitAddress } from '../../../server/lib/clientAddress';

describe('limitAddress', () => {
  it('keeps an IPv4 address', () => {
    expect(limitAddress('10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:0:0:0:9',
      '2001:db8:1:2::a%eth0',
      '2001:db8:1:2::1.2.3.4',
    ])
      expect(limitAddress(ip), ip).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads IPv4 written as IPv6 as the IPv4 address', () => {
    expect(limitAddress('::ffff:10.5.0.1')).toBe('10.5.0.1');
    expect(limitAddress('::ffff:a05:1')).toBe('10.5.0.1');
  });

  it('leaves anything else as it is', () => {
    expect(limitAddress('unknown')).toBe('unknown');
  });
});
