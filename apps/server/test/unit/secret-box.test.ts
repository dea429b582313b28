import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/lib/secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(crypto.randomBytes(32));

  it('round-trips, with a different ciphertext every time', () => {
    const a = box.seal('Pässwort-äöü-🙂');
    const b = box.seal('Pässwort-äöü-🙂');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Pässwort');
    expect(box.open(a)).toBe('Pässwort-äöü-🙂');
    expect(box.open(b)).toBe('Pässwort-äöü-🙂');
  });

  it('refuses a tampered value and a foreign key', () => {
    const sealed = box.seal('geheim');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
  });
});
