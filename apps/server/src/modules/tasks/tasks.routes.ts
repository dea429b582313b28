import { apiErrorSchema, coercedRowId } from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TIME_ZONE_HEADER, timeZoneOr } from '../../lib/time-zone.ts';
import type { TasksService } from './tasks.service.ts';

/** The zone the asking browser names, if it names one Intl knows; else none (kept as it was). */
const askingZone = (request: FastifyRequest) =>
  timeZoneOr(request.headers[TIME_ZONE_HEADER], '') || undefined;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const taskStatus = z.object({
  task_id: z.string(),
  status: z.string(),
  percent: z.number(),
  message: z.string(),
  timestamp: z.string(),
  result: z.unknown(),
  task_type: z.string(),
  account_email: z.string().nullable(),
});
const accountParams = z.object({ accountId: coercedRowId() });

export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (
  app,
  { tasks },
) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/tasks/fetch-emails/',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Fetch mail of every account',
        security,
        response: {
          202: z.object({ tasks: z.array(z.object({ task_id: z.string() })) }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await tasks.startFetchAll(request.userId, askingZone(request))),
  );

  app.post(
    '/tasks/fetch-emails/:accountId/',
    {
      schema: {
        tags: ['tasks'],
        security,
        params: accountParams,
        response: { 202: z.object({ task_id: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await tasks.startFetch(request.userId, request.params.accountId, askingZone(request)),
        ),
  );

  app.post(
    '/accounts/:accountId/sync/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Synchronise one account (a fetch task)',
        security,
        params: accountParams,
        response: { 202: z.object({ task_id: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await tasks.startFetch(request.userId, request.params.accountId, askingZone(request)),
        ),
  );

  app.get(
    '/status/all-tasks/',
    {
      schema: {
        tags: ['tasks'],
        summary: "The caller's recent tasks, keyed by task_id",
        security,
        response: { 200: z.record(z.string(), taskStatus), ...errors },
      },
    },
    (request) => tasks.statusAll(request.userId),
  );

  app.post(
    '/tasks/:taskId/revoke/',
    {
      schema: {
        tags: ['tasks'],
        security,
        params: z.object({ taskId: z.uuid() }),
        response: { 200: taskStatus, ...errors },
      },
    },
    (request) => tasks.revoke(request.userId, request.params.taskId),
  );
};
