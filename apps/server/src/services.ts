import { createAi } from './ai/index.ts';
import { createEmbedder } from './ai/embeddings.ts';
import { createModelProvider } from './ai/provider.ts';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailEventBus } from './events/mail-events.ts';
import { parseAllowList } from './mail/net/host-policy.ts';
import { createMailConnector } from './mail/net/mail-connector.ts';
import { createSearchIndexer } from './mail/search/search-indexer.ts';
import type { AccountSyncDeps } from './mail/sync/account-sync.ts';
import { createTextRederiver } from './mail/sync/text-rederiver.ts';
import type { Logger } from './lib/logger.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { deriveKey, loadRootSecret } from './lib/secrets.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limiter.ts';
import { createSessionRevocations } from './modules/auth/session-revocations.ts';
import { createAccessTokenSigner } from './modules/auth/tokens.ts';
import { createAiTasksService } from './modules/ai/ai-tasks.service.ts';
import { createCategoriesRepository } from './modules/categories/categories.repository.ts';
import { createCategoriesService } from './modules/categories/categories.service.ts';
import { createComposeService } from './modules/compose/compose.service.ts';
import { createUnfiledSentRepository } from './modules/compose/unfiled-sent.repository.ts';
import { createEmailsRepository } from './modules/emails/emails.repository.ts';
import { createEmailsService } from './modules/emails/emails.service.ts';
import { createEmailSyncRepository } from './modules/emails/email-sync.repository.ts';
import { createEmailTextRepository } from './modules/emails/email-text.repository.ts';
import { createFoldersRepository } from './modules/folders/folders.repository.ts';
import { createFoldersService } from './modules/folders/folders.service.ts';
import { createJobSender } from './modules/tasks/job-sender.ts';
import { createTasksRepository } from './modules/tasks/tasks.repository.ts';
import { createTasksService } from './modules/tasks/tasks.service.ts';
import { createRemoteContentService } from './modules/settings/remote-content.ts';
import { configuredProviders } from './modules/oauth/oauth-providers.ts';
import { createOAuthRepository } from './modules/oauth/oauth.repository.ts';
import { createOAuthService } from './modules/oauth/oauth.service.ts';
import { createOAuthTokens } from './modules/oauth/oauth-tokens.ts';

/** Every service, wired once; the API process and the worker process share this. */
export function createServices(config: Config, database: DatabaseHandle, logger?: Logger) {
  const rootSecret = loadRootSecret(config);
  const events = createMailEventBus(database, logger);
  const search = createSearchIndexer(database.db);
  const connectTimeoutMs = config.MAIL_CONNECT_TIMEOUT_SECONDS * 1000;
  const limiter = createRateLimiter(database.db);
  const authRepo = createAuthRepository(database.db);
  // The one way to the mail servers (ADR 0018): a server deployment keeps off internal networks.
  const connector = createMailConnector({
    policy: {
      serverMode: config.DATABASE_URL !== undefined,
      allowList: parseAllowList(config.MAIL_ALLOWED_HOSTS).list,
    },
    limits: {
      perAccount: config.MAIL_MAX_CONNECTIONS_PER_ACCOUNT,
      perServer: config.MAIL_MAX_CONNECTIONS_PER_SERVER,
    },
    connectTimeoutMs,
  });
  const auth = createAuthService({
    repo: authRepo,
    limiter,
    revocations: createSessionRevocations(authRepo, config.ACCESS_TOKEN_TTL_SECONDS),
    signer: createAccessTokenSigner(
      deriveKey(rootSecret, 'jwt-access'),
      config.ACCESS_TOKEN_TTL_SECONDS,
    ),
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    loginMaxAttempts: config.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: config.LOGIN_WINDOW_SECONDS,
    registrationMaxAttempts: config.REGISTRATION_MAX_ATTEMPTS,
    registrationWindowSeconds: config.REGISTRATION_WINDOW_SECONDS,
  });
  const secrets = createSecretBox(deriveKey(rootSecret, 'credentials-kek'));
  const accountsRepo = createAccountsRepository(database.db);
  const oauthRepo = createOAuthRepository(database.db);
  const oauthProviders = configuredProviders(config);
  const oauthTokens = createOAuthTokens({
    database,
    repo: oauthRepo,
    secrets,
    providers: oauthProviders,
  });
  const accounts = createAccountsService({
    repo: accountsRepo,
    secrets,
    limiter,
    connector,
    connectTimeoutMs,
    oauth: oauthTokens,
  });
  const oauth = createOAuthService({
    repo: oauthRepo,
    accounts: accountsRepo,
    secrets,
    providers: oauthProviders,
    publicUrl: config.PUBLIC_URL,
  });
  const foldersRepo = createFoldersRepository(database.db);
  const folders = createFoldersService({ repo: foldersRepo, accounts, connectTimeoutMs });
  const categories = createCategoriesService({
    repo: createCategoriesRepository(database.db),
    accounts,
  });
  // No AI_BASE_URL, no model: the built-in engine answers and nothing leaves the machine.
  const ai = createAi({
    db: database.db,
    model: createModelProvider(config, logger),
    embedder: createEmbedder(config),
    ...(logger ? { logger } : {}),
  });
  const emailsRepo = createEmailsRepository(database.db);
  const emailSync = createEmailSyncRepository(
    database.db,
    database.kind === 'pglite' ? database.pglite : undefined,
  );
  const emails = createEmailsService({
    repo: emailsRepo,
    folders: foldersRepo,
    accounts,
    categories,
    events,
    ai,
  });
  const compose = createComposeService({
    accounts,
    emails,
    emailsRepo,
    folders: foldersRepo,
    emailSync,
    search,
    events,
    smtpTimeoutMs: connectTimeoutMs,
    unfiled: createUnfiledSentRepository(database.db),
  });
  const texts = createTextRederiver(createEmailTextRepository(database.db));
  // What every sync needs: fetch tasks, the live sync and the benchmarks share this one object.
  const sync: AccountSyncDeps = {
    accounts,
    folders,
    foldersRepo,
    emailSync,
    events,
    search,
    texts,
    connectTimeoutMs,
    tuning: { firstPage: config.MAIL_SYNC_FIRST_PAGE, workerMin: config.MAIL_SYNC_WORKER_MIN },
  };
  const jobs = createJobSender();
  const tasksRepo = createTasksRepository(database.db);
  const tasks = createTasksService({
    repo: tasksRepo,
    jobs,
    accounts,
    sync,
    ...(logger ? { logger } : {}),
  });
  const aiTasks = createAiTasksService({
    repo: tasksRepo,
    jobs,
    accounts,
    categories,
    ai,
    ...(logger ? { logger } : {}),
  });
  const remoteContent = createRemoteContentService(database.db);
  return {
    auth,
    remoteContent,
    accounts,
    oauth,
    oauthTokens,
    folders,
    categories,
    emails,
    compose,
    tasks,
    ai,
    aiTasks,
    jobs,
    events,
    search,
    texts,
    sync,
    connector,
  };
}

export type Services = ReturnType<typeof createServices>;
