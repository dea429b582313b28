import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): ~20 ms here, so login stays cheap to serve
// but expensive to brute-force offline.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that a login for an unknown account costs as much time as
 * one with a wrong password: the response time must not reveal whether an account exists.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('brieftaube-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
