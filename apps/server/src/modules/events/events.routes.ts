import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailEventBus } from '../../events/mail-events.ts';

const HEARTBEAT_MS = 25_000;
/** How often an open stream asks whether its session ended (an in-memory look-up, ADR 0019). */
const SESSION_CHECK_MS = 2_000;

/**
 * GET /api/events/ — a server-sent event stream of the caller's mail events. The browser reads it
 * with fetch (it needs the Authorization header, which EventSource cannot send). The stream ends
 * when the access token it was opened with would have expired, and within seconds of its session
 * ending (logout, a revoked token family); the client reconnects with a fresh token.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  events: MailEventBus;
  maxStreamSeconds: number;
  sessionEnded: (sessionId: string) => Promise<boolean>;
  heartbeatMs?: number;
}> = async (app, { events, maxStreamSeconds, sessionEnded, heartbeatMs = HEARTBEAT_MS }) => {
  // Open streams never go idle; the server could not close while one is open.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/events/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['events'],
        summary: 'Stream of new-mail and count events (text/event-stream)',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const unsubscribe = await events.subscribe(request.userId, (event) => {
        reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies such as nginx would otherwise hold events back in their buffer.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.write('retry: 3000\nevent: ready\ndata: {}\n\n');
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), heartbeatMs);
      const expiry = setTimeout(() => reply.raw.end(), maxStreamSeconds * 1000);
      const end = () => reply.raw.end();
      const { sessionId } = request;
      const sessionCheck = setInterval(() => {
        sessionEnded(sessionId).then(
          (ended) => ended && end(),
          () => undefined, // the database is away: the next check asks again
        );
      }, SESSION_CHECK_MS);
      open.add(end);
      const stop = () => {
        open.delete(end);
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        clearTimeout(expiry);
        unsubscribe();
      };
      reply.raw.on('close', stop);
      request.raw.on('close', stop);
    },
  );
};
