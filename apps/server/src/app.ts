import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { answerMalformedRequest, errorBody, installErrorHandler } from './http/error-handler.ts';
import { ErrorCode } from '@brieftaube/shared';
import { rejectNulCharacters } from './http/reject-nul.ts';
import { requireUserPlugin } from './http/require-user.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { loggerOptions } from './lib/logger.ts';
import { TIME_ZONE_HEADER } from './lib/time-zone.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { foldersRoutes } from './modules/folders/folders.routes.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { composeRoutes } from './modules/compose/compose.routes.ts';
import { emailsRoutes } from './modules/emails/emails.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { remoteContentRoutes } from './modules/settings/remote-content.ts';
import { createServices, type Services } from './services.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go (stdout by default); tests read them to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
  /** Shared with the job runner of the same process; built here when not given. */
  services?: Services;
}

/** The HTTP application; used by main.ts and by tests, never listening by itself. */
export async function buildApp({
  config,
  database,
  serveWeb = true,
  logStream,
  services,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The spec writes every API path with a trailing slash; clients that leave it off mean the
    // same resource.
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerMalformedRequest,
    // Fastify's 10 s default failed a start on a loaded two-core machine (the docs plugin reads
    // its files then); a plugin that never finishes is a bug the start-up log shows anyway.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Clients often label a body-less POST (e.g. "start a fetch") as JSON; an empty body is
  // treated as no body instead of an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  const {
    auth,
    accounts,
    oauth,
    folders,
    categories,
    emails,
    compose,
    tasks,
    events,
    remoteContent,
    aiTasks,
  } = services ?? createServices(config, database);

  await registerSecurityHeaders(app);
  if (config.CORS_ORIGINS.length > 0) {
    // Bearer tokens, no cookies: credentials stay off. The paging and download headers are
    // readable by the other origin's script.
    await app.register(cors, {
      origin: config.CORS_ORIGINS,
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', TIME_ZONE_HEADER],
      exposedHeaders: ['link', 'x-next-cursor', 'content-disposition', 'retry-after'],
      maxAge: 600,
    });
  }
  rejectNulCharacters(app);
  // Django REST clients send PUT where this API speaks PATCH: both change the fields sent.
  app.addHook('onRoute', (route) => {
    if (route.method === 'PATCH') route.method = ['PATCH', 'PUT'];
  });
  await app.register(requireUserPlugin, { verify: (token) => auth.authenticate(token) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Brieftaube API', version: '0.1.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health/', { schema: { hide: true } }, async () => {
    return { status: 'ok', database: database.kind };
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(accountsRoutes, { prefix: '/api', accounts });
  await app.register(oauthRoutes, { prefix: '/api', oauth });
  await app.register(foldersRoutes, { prefix: '/api', folders });
  await app.register(tasksRoutes, { prefix: '/api', tasks });
  await app.register(aiRoutes, { prefix: '/api', ai: aiTasks });
  await app.register(categoriesRoutes, { prefix: '/api', categories });
  await app.register(emailsRoutes, { prefix: '/api', emails });
  await app.register(composeRoutes, { prefix: '/api', compose });
  await app.register(remoteContentRoutes, { prefix: '/api', remoteContent });
  await app.register(eventsRoutes, {
    prefix: '/api',
    events,
    maxStreamSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    sessionEnded: (sessionId) => auth.sessionEnded(sessionId),
  });

  if (serveWeb) await registerWebApp(app, config.webDistDir);
  else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send(errorBody(ErrorCode.NOT_FOUND, undefined, 'Route')),
    );
  }
  return app;
}
