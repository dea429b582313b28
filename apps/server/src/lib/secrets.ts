import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';

const KEY_FILE = 'secret.key';

/**
 * The root secret: APP_SECRET when set (required for server deployments), otherwise a random key
 * generated once into the data folder, readable only by its owner.
 */
export function loadRootSecret(config: Pick<Config, 'APP_SECRET' | 'dataDir'>): Buffer {
  if (config.APP_SECRET) return Buffer.from(config.APP_SECRET, 'utf8');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process won the race to create it; use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
    throw error;
  }
}

/** Independent subkeys per purpose, so a key used for signing never encrypts and vice versa. */
export function deriveKey(root: Buffer, purpose: string, length = 32): Buffer {
  return Buffer.from(
    crypto.hkdfSync('sha256', root, Buffer.alloc(0), `brieftaube:${purpose}`, length),
  );
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
