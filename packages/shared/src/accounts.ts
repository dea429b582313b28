import { coercedRowId } from './ids.ts';
import { z } from 'zod';

export const transportSecuritySchema = z.enum(['ssl', 'starttls', 'none']);
export const accountProviderSchema = z.enum(['google', 'microsoft', 'yahoo', 'imap']);

export const accountSchema = z.object({
  id: z.number().int(),
  email_address: z.string(),
  display_name: z.string().nullable(),
  provider: accountProviderSchema,
  imap_server: z.string(),
  imap_port: z.number().int(),
  imap_security: transportSecuritySchema,
  smtp_server: z.string(),
  smtp_port: z.number().int(),
  smtp_security: transportSecuritySchema,
  username: z.string().nullable(),
  has_password: z.boolean(),
  /** Spec §3: present for OAuth accounts. The token itself never leaves the server. */
  access_token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  token_expiry: z.string().nullable(),
  /**
   * Spec §4 'Konto benötigt Neu-Authentifizierung': an OAuth account the provider stopped (its
   * refresh token refused) or that never got tokens. An expired access token alone is not it:
   * the server renews that on the next use.
   */
  needs_reauth: z.boolean(),
  total_emails: z.number().int(),
  unread_emails: z.number().int(),
  last_sync_at: z.string().nullable(),
  last_sync_error: z.string().nullable(),
  /** Whatever a client stored with PATCH …/folder_settings/, returned as it was stored. */
  folder_settings: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

const port = z.union([z.number(), z.string()]).nullable().optional();

/** Loose on purpose: the service validates and names every faulty field at once. */
export const accountInputSchema = z.object({
  email_address: z.string().optional(),
  display_name: z.string().nullable().optional(),
  imap_server: z.string().optional(),
  imap_port: port,
  imap_security: z.string().optional(),
  smtp_server: z.string().optional(),
  smtp_port: port,
  smtp_security: z.string().optional(),
  username: z.string().nullable().optional(),
  password: z.string().optional(),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

/** The connection test of unsaved settings; `account_id` lends the stored password (same hosts). */
export const connectionTestInputSchema = accountInputSchema.extend({
  account_id: coercedRowId().optional(),
});
export type ConnectionTestInput = z.infer<typeof connectionTestInputSchema>;

export const connectionCheckSchema = z.object({
  success: z.boolean(),
  error_code: z.string().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
export const connectionTestResultSchema = z.object({
  success: z.boolean(),
  imap: connectionCheckSchema,
  smtp: connectionCheckSchema,
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const providerPresetSchema = z.object({
  key: z.string(),
  label: z.string(),
  provider: accountProviderSchema,
  domains: z.array(z.string()),
  imap: z.object({ host: z.string(), port: z.number(), security: transportSecuritySchema }),
  smtp: z.object({ host: z.string(), port: z.number(), security: transportSecuritySchema }),
});

export const folderSettingsSchema = z.record(z.string(), z.unknown());
