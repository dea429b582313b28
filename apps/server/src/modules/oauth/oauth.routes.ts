import {
  apiErrorSchema,
  oauthCallbackInputSchema,
  oauthCallbackResultSchema,
  oauthProviderSchema,
  oauthStartInputSchema,
  oauthStartResultSchema,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OAuthService } from './oauth.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];

/** The sign-in of Google, Microsoft and Yahoo accounts (ADR 0027); always for the signed-in user. */
export const oauthRoutes: FastifyPluginAsyncZod<{ oauth: OAuthService }> = async (
  app,
  { oauth },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/oauth/providers/',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Which sign-in providers this server offers',
        security,
        response: { 200: z.array(oauthProviderSchema), ...errors },
      },
    },
    () => oauth.providers(),
  );

  app.post(
    '/oauth/start/',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Begins a sign-in: the address to send the browser to',
        security,
        body: oauthStartInputSchema,
        response: { 200: oauthStartResultSchema, ...errors },
      },
    },
    (request) => {
      // The redirect address is this server's own, as the browser reaches it (PUBLIC_URL wins;
      // behind a proxy TRUST_PROXY makes protocol and host the proxy's).
      return oauth.start(request.userId, request.body, `${request.protocol}://${request.host}`);
    },
  );

  app.post(
    '/oauth/callback/',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Finishes a sign-in with what the provider sent back to /oauth-callback',
        security,
        body: oauthCallbackInputSchema,
        response: { 200: oauthCallbackResultSchema, ...errors },
      },
    },
    (request) => oauth.complete(request.userId, request.body),
  );
};
