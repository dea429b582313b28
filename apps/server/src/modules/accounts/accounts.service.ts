import {
  ErrorCode,
  FieldErrorCode,
  type Account,
  type AccountInput,
  type ConnectionTestResult,
  type ConnectionTestInput,
} from '@brieftaube/shared';
import { AppError } from '../../lib/app-error.ts';
import type { MailConnector } from '../../mail/net/mail-connector.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { providerFor } from '../../mail/presets.ts';
import { testMailConnection } from '../../mail/test-connection.ts';
import { normaliseServerSettings, type NormalisedServerSettings } from './account-input.ts';
import type { AccountRow, AccountsRepository } from './accounts.repository.ts';
import { type AccessTokens, createAccountConnections, usesOAuth } from './account-connections.ts';
import {
  CONNECTION_TEST_WINDOW_SECONDS,
  CONNECTION_TESTS_PER_WINDOW,
  connectionLimitKey,
} from './connection-guard.ts';

export { CONNECTION_TESTS_PER_WINDOW };

export interface AccountsServiceDeps {
  repo: AccountsRepository;
  secrets: SecretBox;
  /**
   * Counts connection tests and failed connections of saved accounts: each makes this server
   * connect wherever the caller says.
   */
  limiter?: RateLimiter;
  /** Every IMAP and SMTP connection goes through it (network policy, bounds; ADR 0018). */
  connector: MailConnector;
  connectTimeoutMs?: number;
  /** Live access tokens of OAuth accounts (renewed when they run out). */
  oauth?: AccessTokens;
}

const REDACTED = '••••••••';

function settingsOf(row: AccountRow): NormalisedServerSettings {
  return {
    emailAddress: row.emailAddress,
    imap: { host: row.imapServer, port: row.imapPort, security: row.imapSecurity },
    smtp: { host: row.smtpServer, port: row.smtpPort, security: row.smtpSecurity },
  };
}

export function toAccountDto(row: AccountRow, counts = { total: 0, unread: 0 }): Account {
  return {
    id: row.id,
    email_address: row.emailAddress,
    display_name: row.displayName,
    provider: row.provider,
    imap_server: row.imapServer,
    imap_port: row.imapPort,
    imap_security: row.imapSecurity,
    smtp_server: row.smtpServer,
    smtp_port: row.smtpPort,
    smtp_security: row.smtpSecurity,
    username: row.username,
    has_password: row.passwordSealed !== null,
    access_token: row.accessTokenSealed ? REDACTED : null,
    refresh_token: row.refreshTokenSealed ? REDACTED : null,
    token_expiry: row.tokenExpiry?.toISOString() ?? null,
    needs_reauth:
      usesOAuth(row) && row.accessTokenSealed === null && row.refreshTokenSealed === null,
    total_emails: counts.total,
    unread_emails: counts.unread,
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    last_sync_error: row.lastSyncError,
    folder_settings: row.folderSettings,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Whether settings reach the same servers, the same way, as the stored ones. The stored password
 * (or token) goes only there: edited settings pointing at another host, port or encryption need
 * it typed again, so that a changed form never hands it to a stranger or sends it unencrypted.
 */
function sameTarget(settings: NormalisedServerSettings, row: AccountRow): boolean {
  const stored = settingsOf(row);
  return (['imap', 'smtp'] as const).every(
    (kind) =>
      settings[kind].host.toLowerCase() === stored[kind].host.toLowerCase() &&
      settings[kind].port === stored[kind].port &&
      settings[kind].security === stored[kind].security,
  );
}

const FOLDER_SETTINGS_MAX = 64 * 1024;

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repo, secrets, connector } = deps;
  const connections = createAccountConnections(deps);
  const { credentialsOf } = connections;

  async function requireAccount(userId: string, id: number): Promise<AccountRow> {
    const row = await repo.find(userId, id);
    if (!row) throw AppError.notFound('Account');
    return row;
  }

  async function countConnectionTest(userId: string): Promise<void> {
    if (!deps.limiter) return;
    const { count, retryAfter } = await deps.limiter.hit(
      connectionLimitKey(userId),
      CONNECTION_TEST_WINDOW_SECONDS,
    );
    if (count > CONNECTION_TESTS_PER_WINDOW)
      throw new AppError(ErrorCode.RATE_LIMITED, 'Too many connection tests', undefined, {
        'retry-after': String(retryAfter),
      });
  }

  return {
    requireAccount,
    ...connections,

    findAccount: (userId: string, id: number) => repo.find(userId, id),
    listSynced: () => repo.listSynced(),

    async list(userId: string): Promise<Account[]> {
      const counts = await repo.counts(userId);
      return (await repo.list(userId)).map((row) => toAccountDto(row, counts.get(row.id)));
    },

    async get(userId: string, id: number): Promise<Account> {
      const row = await requireAccount(userId, id);
      return toAccountDto(row, (await repo.counts(userId)).get(id));
    },

    async create(userId: string, input: AccountInput): Promise<Account> {
      const { settings, errors } = normaliseServerSettings(input);
      if (!input.password?.trim()) errors.password = [FieldErrorCode.REQUIRED];
      if (settings && (await repo.emailTaken(userId, settings.emailAddress))) {
        errors.email_address = [FieldErrorCode.ACCOUNT_EXISTS];
      }
      if (!settings || Object.keys(errors).length > 0) throw AppError.validation(errors);
      const row = await repo.insert({
        userId,
        emailAddress: settings.emailAddress,
        displayName: input.display_name?.trim() || null,
        provider: providerFor(settings.emailAddress, settings.imap.host),
        imapServer: settings.imap.host,
        imapPort: settings.imap.port,
        imapSecurity: settings.imap.security,
        smtpServer: settings.smtp.host,
        smtpPort: settings.smtp.port,
        smtpSecurity: settings.smtp.security,
        username: input.username?.trim() || null,
        passwordSealed: secrets.seal(input.password!),
      });
      return toAccountDto(row);
    },

    async update(userId: string, id: number, input: AccountInput): Promise<Account> {
      const current = await requireAccount(userId, id);
      const { settings, errors } = normaliseServerSettings(input, settingsOf(current));
      if (settings && (await repo.emailTaken(userId, settings.emailAddress, id))) {
        errors.email_address = [FieldErrorCode.ACCOUNT_EXISTS];
      }
      if (settings && !input.password?.trim() && !sameTarget(settings, current)) {
        errors.password = [FieldErrorCode.REQUIRED];
      }
      if (!settings || Object.keys(errors).length > 0) throw AppError.validation(errors);
      const row = await repo.update(userId, id, {
        emailAddress: settings.emailAddress,
        ...(input.display_name !== undefined
          ? { displayName: input.display_name?.trim() || null }
          : {}),
        provider: providerFor(settings.emailAddress, settings.imap.host),
        imapServer: settings.imap.host,
        imapPort: settings.imap.port,
        imapSecurity: settings.imap.security,
        smtpServer: settings.smtp.host,
        smtpPort: settings.smtp.port,
        smtpSecurity: settings.smtp.security,
        ...(input.username !== undefined ? { username: input.username?.trim() || null } : {}),
        // Spec §5: a blank password means "keep the stored one".
        ...(input.password?.trim() ? { passwordSealed: secrets.seal(input.password) } : {}),
      });
      if (!row) throw AppError.notFound('Account');
      // The answer replaces the client's copy: it carries the counts as GET does.
      return toAccountDto(row, (await repo.counts(userId)).get(id));
    },

    /** Records the outcome of a fetch, shown with the account. */
    /** The zone of the browser that asks for a fetch (a validated IANA name, lib/time-zone.ts). */
    async setTimeZone(userId: string, id: number, timeZone: string): Promise<void> {
      await repo.update(userId, id, { timeZone });
    },

    async markSynced(userId: string, id: number, error: string | null): Promise<void> {
      await repo.update(
        userId,
        id,
        error ? { lastSyncError: error } : { lastSyncAt: new Date(), lastSyncError: null },
      );
    },

    async statistics(userId: string, id: number) {
      const row = await requireAccount(userId, id);
      const counts = (await repo.counts(userId)).get(id) ?? { total: 0, unread: 0 };
      const { stored, folders, categories } = await repo.statistics(id);
      return {
        total_emails: counts.total,
        unread_emails: counts.unread,
        stored_emails: Number(stored.stored),
        flagged_emails: Number(stored.flagged),
        emails_with_attachments: Number(stored.withAttachments),
        categorized_emails: Number(stored.categorized),
        // Spec §3: the virtual "Ohne Kategorie" is the account total minus its categories'.
        uncategorized_emails: Math.max(0, counts.total - Number(stored.categorizedShown)),
        storage_bytes: Number(stored.bytes),
        bodies_pending: Number(stored.bodiesPending),
        bodies_failed: Number(stored.bodiesFailed),
        folders,
        categories,
        last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      };
    },

    async remove(userId: string, id: number): Promise<void> {
      if (!(await repo.delete(userId, id))) throw AppError.notFound('Account');
    },

    async testStored(userId: string, id: number): Promise<ConnectionTestResult> {
      const row = await requireAccount(userId, id);
      await countConnectionTest(userId);
      const s = settingsOf(row);
      return testMailConnection(
        connector,
        s.imap,
        s.smtp,
        await credentialsOf(row),
        deps.connectTimeoutMs,
      );
    },

    /**
     * Tests settings before they are saved (the setup form's "Verbindung testen"). Editing an
     * account, the form may leave the password empty and name the account: its stored password is
     * used, but only towards the servers it was saved for (sameTarget). Fields left out are the
     * stored ones, as on update.
     */
    async testUnsaved(userId: string, input: ConnectionTestInput): Promise<ConnectionTestResult> {
      const stored = input.account_id ? await requireAccount(userId, input.account_id) : undefined;
      // What the edit form leaves out (spec §5: ports only when set) is what is stored.
      const { settings, errors } = normaliseServerSettings(
        input,
        stored ? settingsOf(stored) : undefined,
      );
      let password = input.password;
      // The stored sign-in (password or OAuth token) goes only to the servers it was saved for.
      const storedTarget = !!stored && !!settings && sameTarget(settings, stored);
      if (!password && stored && storedTarget) {
        password = stored.passwordSealed ? deps.secrets.open(stored.passwordSealed) : undefined;
      }
      const oauth = !password && stored && storedTarget && usesOAuth(stored);
      if (!password && !oauth) errors.password = [FieldErrorCode.REQUIRED];
      if (!settings || Object.keys(errors).length > 0) throw AppError.validation(errors);
      await countConnectionTest(userId);
      const user = input.username?.trim() || settings.emailAddress;
      return testMailConnection(
        connector,
        settings.imap,
        settings.smtp,
        oauth ? await credentialsOf(stored) : { user, password },
        deps.connectTimeoutMs,
      );
    },

    async updateFolderSettings(userId: string, id: number, patch: Record<string, unknown>) {
      const current = await requireAccount(userId, id);
      const merged = { ...current.folderSettings, ...patch };
      // Display settings of a few folders; megabytes of them would slow every account list.
      if (JSON.stringify(merged).length > FOLDER_SETTINGS_MAX)
        throw AppError.validation({ folder_settings: [FieldErrorCode.TOO_LONG] });
      const row = await repo.update(userId, id, { folderSettings: merged });
      if (!row) throw AppError.notFound('Account');
      return { folder_settings: row.folderSettings };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
