import crypto from 'node:crypto';

const VERSION = 'v1';

/**
 * Envelope encryption for credentials at rest (IMAP/SMTP passwords, OAuth tokens): every value
 * gets its own random data key (AES-256-GCM), and only that data key is encrypted with the key
 * derived from the root secret. Rotating the root key means re-wrapping data keys, not
 * re-encrypting every secret; a leaked database alone reveals nothing.
 *
 * Format: v1.<iv>.<wrapped key + tag>.<iv>.<ciphertext + tag>, each part base64url.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

function gcmEncrypt(key: Buffer, data: Buffer): [Buffer, Buffer] {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(data), cipher.final(), cipher.getAuthTag()]);
  return [iv, body];
}

function gcmDecrypt(key: Buffer, iv: Buffer, body: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
}

export function createSecretBox(keyEncryptionKey: Buffer): SecretBox {
  if (keyEncryptionKey.length !== 32) throw new Error('key encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const dataKey = crypto.randomBytes(32);
      const [keyIv, wrapped] = gcmEncrypt(keyEncryptionKey, dataKey);
      const [iv, body] = gcmEncrypt(dataKey, Buffer.from(plaintext, 'utf8'));
      return [VERSION, keyIv, wrapped, iv, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, ...parts] = sealed.split('.');
      if (version !== VERSION || parts.length !== 4) throw new Error('not a sealed secret');
      const [keyIv, wrapped, iv, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      const dataKey = gcmDecrypt(keyEncryptionKey, keyIv, wrapped);
      return gcmDecrypt(dataKey, iv, body).toString('utf8');
    },
  };
}
