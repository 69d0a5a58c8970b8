import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../../secret.ts';

const KEY = 'test-secret-test-secret-test-secret-0123';

describe('secret encryption (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = encryptSecret(KEY, 'data-source-secret', 'data-source:1', 'p@ss wörd');
    const b = encryptSecret(KEY, 'data-source-secret', 'data-source:1', 'p@ss wörd');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(decryptSecret(KEY, 'data-source-secret', 'data-source:1', a)).toBe('p@ss wörd');
  });

  it('refuses another key, purpose or record, and tampered data', () => {
    const sealed = encryptSecret(KEY, 'data-source-secret', 'data-source:1', 'secret');
    // Decrypted once rightly first: what is kept in memory must not answer the wrong ones.
    expect(decryptSecret(KEY, 'data-source-secret', 'data-source:1', sealed)).toBe('secret');
    expect(() => decryptSecret(`${KEY}x`, 'data-source-secret', 'data-source:1', sealed)).toThrow();
    expect(() => decryptSecret(KEY, 'model-key', 'data-source:1', sealed)).toThrow();
    expect(() => decryptSecret(KEY, 'data-source-secret', 'data-source:2', sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() =>
      decryptSecret(
        KEY,
        'data-source-secret',
        'data-source:1',
        [version, iv, tag, flipped].join('.'),
      ),
    ).toThrow();
    expect(() => decryptSecret(KEY, 'data-source-secret', 'data-source:1', 'plain')).toThrow(
      'Unknown secret format',
    );
    expect(decryptSecret(KEY, 'data-source-secret', 'data-source:1', sealed)).toBe('secret');
  });
});
