import { FieldErrorCode } from '@brieftaube/shared';
import { z } from 'zod';
import type { FieldErrors } from '../../lib/app-error.ts';

const emailSchema = z.email();

/** "Anna <anna@x.de>, bob@y.de; …" or an array of such → bare, validated addresses. */
export function parseRecipients(
  value: string | string[] | undefined,
  field: string,
  errors: FieldErrors,
): string[] {
  const parts = (Array.isArray(value) ? value : [value ?? ''])
    .flatMap((v) => v.split(/[,;\n]/))
    .map((v) => v.trim())
    .filter(Boolean);
  const addresses: string[] = [];
  for (const part of parts) {
    const address = (/<([^<>]+)>\s*$/.exec(part)?.[1] ?? part).trim();
    if (!emailSchema.safeParse(address).success) {
      errors[field] = [FieldErrorCode.ADDRESS_INVALID];
      continue;
    }
    addresses.push(address);
  }
  return [...new Set(addresses.map((a) => a.toLowerCase()))].map((lower) =>
    addresses.find((a) => a.toLowerCase() === lower)!,
  );
}
