import { ErrorCode } from '@brieftaube/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook (before body parsing and validation, so that a signed-out caller gets 401 and learns no schema) that admits only requests with a valid access token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireUser; every query of a handler behind it is scoped to this id. */
    userId: string;
    /** Set by requireUser: the session the access token belongs to. */
    sessionId: string;
  }
}

export type VerifyAccessToken = (
  token: string,
) => Promise<{ userId: string; sessionId: string } | undefined>;

export const requireUserPlugin = fp<{ verify: VerifyAccessToken }>(
  (app: FastifyInstance, { verify }, done) => {
    app.decorateRequest('userId', '');
    app.decorateRequest('sessionId', '');
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const caller = match?.[1] ? await verify(match[1]) : undefined;
      if (!caller)
        throw new AppError(ErrorCode.UNAUTHENTICATED, 'A valid access token is required');
      request.userId = caller.userId;
      request.sessionId = caller.sessionId;
    });
    done();
  },
  { name: 'require-user' },
);
