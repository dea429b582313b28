import {
  apiErrorSchema,
  categoryInputSchema,
  categorySchema,
  coercedRowId,
  rowIdFilter,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CategoriesService } from './categories.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: coercedRowId() });

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/categories/',
    {
      schema: {
        tags: ['categories'],
        security,
        querystring: z.object({
          account: z.string().optional(),
          account_id: z.string().optional(),
        }),
        response: { 200: z.array(categorySchema), ...errors },
      },
    },
    (request) => {
      const raw = request.query.account ?? request.query.account_id ?? '';
      return categories.list(request.userId, rowIdFilter(raw));
    },
  );

  app.post(
    '/categories/',
    {
      schema: {
        tags: ['categories'],
        security,
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await categories.create(request.userId, request.body)),
  );

  app.get(
    '/categories/:id/',
    {
      schema: {
        tags: ['categories'],
        security,
        params: idParams,
        response: { 200: categorySchema, ...errors },
      },
    },
    (request) => categories.get(request.userId, request.params.id),
  );

  app.patch(
    '/categories/:id/',
    {
      schema: {
        tags: ['categories'],
        security,
        params: idParams,
        body: categoryInputSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    (request) => categories.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    {
      schema: {
        tags: ['categories'],
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await categories.remove(request.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
