import { describe, expect, it } from 'vitest';
import { plainAddress } from './ip-address';

describe('plainAddress', () => {
  it('gives an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('leaves other addresses as they are', () => {
    expect(plainAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('::1')).toBe('::1');
    expect(plainAddress('2001:db8::ffff:1.2.3.4')).toBe('2001:db8::ffff:1.2.3.4');
    expect(plainAddress('::ffff:7f00:1')).toBe('::ffff:7f00:1');
  });
});
