import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@brieftaube/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

/**
 * Serves the built web app from the same origin as the API. Every GET outside /api that is not a
 * file answers with index.html, so the client's history-mode routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, not listed once at start: a rebuild under a running server
      // brings new asset names, which must be served rather than answered with the shell.
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The wildcard would answer the root, a directory, with 403.
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  } else {
    app.log.warn({ distDir }, 'web app build not found; run "npm run build"');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(errorBody(ErrorCode.NOT_FOUND, undefined, 'Route'));
    }
    // A missing script or picture is a 404: the app shell in its place would be run as
    // JavaScript (a blank page) or shown as a broken image, and nothing would say why.
    if (url.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Die Web-Oberfläche wurde noch nicht gebaut. Bitte führen Sie "npm run build" aus.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
