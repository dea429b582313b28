import { z } from 'zod';
import { accountSchema } from './accounts.ts';
import { coercedRowId } from './ids.ts';

export const oauthProviderIdSchema = z.enum(['google', 'microsoft', 'yahoo']);
export type OAuthProviderId = z.infer<typeof oauthProviderIdSchema>;

export const oauthProviderSchema = z.object({
  provider: oauthProviderIdSchema,
  /** Whether the operator registered the app there; an unconfigured provider is not offered. */
  configured: z.boolean(),
});

export const oauthStartInputSchema = z.object({
  provider: oauthProviderIdSchema,
  /** The app's path to return to afterwards (e.g. /onboarding or /app/accounts). */
  return_to: z.string().max(500).optional(),
  /** Renew (or convert to OAuth) this account instead of adding one. */
  account_id: coercedRowId().optional(),
});

export const oauthStartResultSchema = z.object({ authorization_url: z.string() });

/** What the provider put on the /oauth-callback address, passed on by the web app. */
export const oauthCallbackInputSchema = z.object({
  state: z.string().min(1).max(500),
  code: z.string().max(4000).optional(),
  error: z.string().max(500).optional(),
});

export const oauthCallbackResultSchema = z.object({
  account: accountSchema,
  /** False when an existing account was renewed (its mail and categories kept). */
  created: z.boolean(),
  return_to: z.string(),
});
