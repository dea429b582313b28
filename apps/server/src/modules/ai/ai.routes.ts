import { apiErrorSchema, categorySchema, coercedRowId } from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIME_ZONE_HEADER, timeZoneOr } from '../../lib/time-zone.ts';
import type { AiTasksService } from './ai-tasks.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const started = { 202: z.object({ task_id: z.string() }), ...errors };
const text = (max: number) => z.string().max(max).optional();
const proposalParams = z.object({ proposalId: coercedRowId() });
const proposalSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  size: z.number(),
  sample_email_ids: z.array(z.number()),
  samples: z.array(
    z.object({ email_id: z.number(), subject: z.string(), from: z.string(), date: z.string() }),
  ),
});

/** Spec §7: the AI's task triggers; the results arrive through /api/status/all-tasks/. */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiTasksService }> = async (app, { ai }) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/tasks/ai-categorize/',
    {
      schema: {
        tags: ['ai'],
        summary: 'File mail into the categories by AI (AI_CATEGORIZE)',
        security,
        body: z
          .object({
            account_id: coercedRowId().optional(),
            email_pks: z.array(coercedRowId()).max(10_000).optional(),
            reclassify_uncategorized_only: z.boolean().optional(),
          })
          // A POST without a body reaches the schema as null: every field is optional.
          .nullish(),
        response: started,
      },
    },
    async (request, reply) =>
      reply.code(202).send(await ai.startCategorize(request.userId, request.body ?? {})),
  );

  app.post(
    '/tasks/ai-categorize/:taskId/undo/',
    {
      schema: {
        tags: ['ai'],
        summary: 'Undo a categorisation run (mail filed otherwise since stays)',
        security,
        params: z.object({ taskId: z.uuid() }),
        response: { 200: z.object({ restored: z.number() }), ...errors },
      },
    },
    (request) => ai.undoCategorize(request.userId, request.params.taskId),
  );

  app.post(
    '/tasks/ai-search/',
    {
      schema: {
        tags: ['ai'],
        summary: 'Search mail in natural language (AI_SEARCH)',
        security,
        body: z.object({ query: text(1000) }),
        response: started,
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await ai.startSearch(
            request.userId,
            request.body.query ?? '',
            timeZoneOr(request.headers[TIME_ZONE_HEADER]),
          ),
        ),
  );

  app.post(
    '/tasks/ai-question/',
    {
      schema: {
        tags: ['ai'],
        summary: "Answer a question from the user's mail (AI_QUESTION)",
        security,
        body: z.object({ question: text(1000) }),
        response: started,
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await ai.startQuestion(
            request.userId,
            request.body.question ?? '',
            timeZoneOr(request.headers[TIME_ZONE_HEADER]),
          ),
        ),
  );

  app.post(
    '/tasks/ai-suggestion/',
    {
      schema: {
        tags: ['ai'],
        summary: 'A writing suggestion in the user’s register (AI_SUGGESTION)',
        security,
        body: z.object({
          to_recipients: z
            .union([z.array(z.string().max(320)).max(100), z.string().max(10_000)])
            .optional(),
          subject: text(1000),
          context: text(100_000),
        }),
        response: started,
      },
    },
    async (request, reply) =>
      reply.code(202).send(await ai.startSuggestion(request.userId, request.body)),
  );

  app.post(
    '/tasks/ai-category-description/',
    {
      schema: {
        tags: ['ai'],
        summary: 'A description for a new category, at once',
        security,
        body: z.object({ name: text(100) }),
        response: {
          200: z.object({ status: z.literal('SUCCESS'), suggestion: z.string() }),
          ...errors,
        },
      },
    },
    (request) => ai.describeCategory(request.userId, request.body.name ?? ''),
  );

  app.post(
    '/tasks/cluster-refine/',
    {
      schema: {
        tags: ['ai'],
        summary: "Propose categories from clusters of the account's uncategorised mail",
        security,
        body: z.object({ account_id: coercedRowId() }),
        response: started,
      },
    },
    async (request, reply) =>
      reply.code(202).send(await ai.startClusterRefine(request.userId, request.body.account_id)),
  );

  app.get(
    '/tasks/cluster-refine/proposals/',
    {
      schema: {
        tags: ['ai'],
        summary: 'The open category proposals (not yet accepted or dismissed)',
        security,
        querystring: z.object({ account_id: coercedRowId().optional() }),
        response: { 200: z.object({ proposals: z.array(proposalSchema) }), ...errors },
      },
    },
    (request) => ai.listProposals(request.userId, request.query.account_id),
  );

  app.post(
    '/tasks/cluster-refine/proposals/:proposalId/accept/',
    {
      schema: {
        tags: ['ai'],
        summary: 'Create the proposed category (optionally renamed) and file its mail',
        security,
        params: proposalParams,
        body: z.object({ name: z.string().trim().max(100).optional() }).nullish(),
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await ai.acceptProposal(request.userId, request.params.proposalId, request.body?.name),
        ),
  );

  app.post(
    '/tasks/cluster-refine/proposals/:proposalId/dismiss/',
    {
      schema: {
        tags: ['ai'],
        security,
        params: proposalParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await ai.dismissProposal(request.userId, request.params.proposalId);
      return reply.code(204).send(null);
    },
  );
};
