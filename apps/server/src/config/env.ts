import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from '../mail/net/host-policy.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** host:port:security of a mail server, e.g. imap.example.com:993:ssl. */
const mailServer = z
  .string()
  .regex(/^[^:\s]+:\d{1,5}:(ssl|starttls|none)$/, 'must be host:port:ssl|starttls|none');

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  REGISTRATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  REGISTRATION_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  RUN_JOBS: booleanString.default(true),
  MAIL_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  MAIL_IDLE: booleanString.default(true),
  // IDLE must be renewed within 29 minutes (RFC 2177); the poll wakes the connection before that.
  MAIL_POLL_SECONDS: z.coerce.number().int().min(30).max(1500).default(300),
  // Sync tuning: messages stored as headers first (the first page), and the size of an intake
  // from which whole messages are fetched and parsed in worker threads.
  MAIL_SYNC_FIRST_PAGE: z.coerce.number().int().min(1).max(5000).default(500),
  MAIL_SYNC_WORKER_MIN: z.coerce.number().int().min(1).default(1000),
  // Mail hosts inside a network (loopback, private, link-local, unique-local, metadata) that a
  // server deployment may connect to anyway: host names ("*.intern.example" for all below),
  // IP addresses and CIDR ranges, comma-separated (ADR 0018). A laptop allows its own networks.
  MAIL_ALLOWED_HOSTS: z.string().optional(),
  // IMAP sessions per account (one login at one server) and per server within one process:
  // work beyond them waits for a free session (ADR 0018).
  MAIL_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(2).max(50).default(5),
  MAIL_MAX_CONNECTIONS_PER_SERVER: z.coerce.number().int().min(1).max(10_000).default(20),
  TRUST_PROXY: booleanString.default(false),
  // Origins whose pages may call the API from another origin (a web app built with
  // VITE_API_BASE_URL): exact scheme://host[:port] values, comma-separated.
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .default([]),
  WEB_DIST_DIR: z.string().min(1).optional(),
  // An OpenAI-compatible model for the AI features (ADR 0023). Unset: the built-in engine only,
  // and no AI request leaves the machine.
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_CHAT_MODEL: z.string().min(1).optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // Sign-in accounts over OAuth 2.0 (ADR 0027): the app's registration at each provider. A
  // provider without a client id is not offered. The endpoint and mail-server overrides are for
  // tenants, test servers and sovereign clouds; the defaults are the providers' public ones.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_GOOGLE_AUTHORIZATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_GOOGLE_IMAP: mailServer.optional(),
  OAUTH_GOOGLE_SMTP: mailServer.optional(),
  OAUTH_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_MICROSOFT_AUTHORIZATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_MICROSOFT_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_MICROSOFT_IMAP: mailServer.optional(),
  OAUTH_MICROSOFT_SMTP: mailServer.optional(),
  OAUTH_YAHOO_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_YAHOO_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_YAHOO_AUTHORIZATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_YAHOO_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  OAUTH_YAHOO_IMAP: mailServer.optional(),
  OAUTH_YAHOO_SMTP: mailServer.optional(),
});

const envSchema = envObject.superRefine((env, ctx) => {
  // Several processes on several machines must sign and verify the same tokens; a key file
  // in a local data folder cannot give them that, so a server deployment names its secret.
  if (env.DATABASE_URL && !env.APP_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['APP_SECRET'],
      message: 'is required when DATABASE_URL is set (shared by every API and worker process)',
    });
  }
  if (env.AI_BASE_URL && !env.AI_CHAT_MODEL) {
    ctx.addIssue({
      code: 'custom',
      path: ['AI_CHAT_MODEL'],
      message: 'is required when AI_BASE_URL is set (the model the server asks)',
    });
  }
  const { invalid } = parseAllowList(env.MAIL_ALLOWED_HOSTS);
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_ALLOWED_HOSTS'],
      message: `not a host name, IP address or CIDR range: ${invalid.join(', ')}`,
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads; .env.example must list each one. */
export const configVariableNames = Object.keys(envObject.shape) as (keyof Env)[];

export interface Config extends Env {
  /** Absolute data folder (PGlite files, lock, generated key). */
  dataDir: string;
  /** Absolute folder of the built web app. */
  webDistDir: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment once; reports every problem together, not just the first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "not set", not "set to empty".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
