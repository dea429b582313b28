import {
  authResponseSchema,
  apiErrorSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registrationRequestSchema,
  tokenPairSchema,
  userPatchSchema,
  userSchema,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from './auth.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/registration/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registrationRequestSchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
  );

  app.post(
    '/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with user name or e-mail address',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, ...errors },
      },
    },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token and its whole rotation family',
        // No body at all reaches the validator as null.
        body: logoutRequestSchema.nullish(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body?.refresh);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => auth.getUser(request.userId),
  );

  app.patch(
    '/user/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Update the signed-in user (onboarding state)',
        security: [{ bearerAuth: [] }],
        body: userPatchSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => auth.updateUser(request.userId, request.body),
  );
};
