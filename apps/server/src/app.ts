import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { requireUserPlugin } from './http/require-user.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { loadRootSecret, deriveKey } from './lib/secrets.ts';
import { loggerOptions } from './lib/logger.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createFoldersRepository } from './modules/folders/folders.repository.ts';
import { foldersRoutes } from './modules/folders/folders.routes.ts';
import { createFoldersService } from './modules/folders/folders.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limiter.ts';
import { createAccessTokenSigner } from './modules/auth/tokens.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go (stdout by default); tests read them to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
}

/** The HTTP application; used by main.ts and by tests, never listening by itself. */
export async function buildApp({
  config,
  database,
  serveWeb = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const rootSecret = loadRootSecret(config);
  const signer = createAccessTokenSigner(
    deriveKey(rootSecret, 'jwt-access'),
    config.ACCESS_TOKEN_TTL_SECONDS,
  );
  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    limiter: createRateLimiter(database.db),
    signer,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    loginMaxAttempts: config.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: config.LOGIN_WINDOW_SECONDS,
  });

  const accounts = createAccountsService({
    repo: createAccountsRepository(database.db),
    secrets: createSecretBox(deriveKey(rootSecret, 'credentials-kek')),
    connectTimeoutMs: config.MAIL_CONNECT_TIMEOUT_SECONDS * 1000,
  });

  const folders = createFoldersService({
    repo: createFoldersRepository(database.db),
    accounts,
    connectTimeoutMs: config.MAIL_CONNECT_TIMEOUT_SECONDS * 1000,
  });

  await registerSecurityHeaders(app);
  await app.register(requireUserPlugin, { verify: (token) => auth.authenticate(token) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Brieftaube API', version: '0.1.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health/', { schema: { hide: true } }, async () => {
    return { status: 'ok', database: database.kind };
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(accountsRoutes, { prefix: '/api', accounts });
  await app.register(foldersRoutes, { prefix: '/api', folders });

  if (serveWeb) await registerWebApp(app, config.webDistDir);
  else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Route not found' } }),
    );
  }
  return app;
}
