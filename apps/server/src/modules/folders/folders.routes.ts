import {
  apiErrorSchema,
  FieldErrorCode,
  coercedRowId,
  isRowId,
  looseBoolean,
  folderCreateSchema,
  folderNodeSchema,
  folderPatchSchema,
  folderStatisticsSchema,
  folderSyncResultSchema,
  folderTypeSchema,
  rowIdFilter,
  type FolderType,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { FoldersService } from './folders.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: coercedRowId() });

/** Spec §7: list values arrive comma-joined; empty values are ignored. */
const commaSeparated = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

/** Spec §7: comma-joined folder types; unknown ones match nothing, as unknown ids do. */
const typeFilter = commaSeparated.transform((list) => {
  const values = list.map((v) => v.toLowerCase());
  const known = values.filter((v): v is FolderType => folderTypeSchema.safeParse(v).success);
  return known.length || !values.length ? known : null;
});

const listQuery = z.object({
  account_id: z.string().optional().transform(rowIdFilter),
  folder_type: typeFilter,
  name: z.string().optional(),
  // A folder id, or 'null' for top-level folders.
  parent: z
    .string()
    .regex(/^(\d+|null|)$/i)
    .refine((v) => !/^\d+$/.test(v) || isRowId(Number(v)))
    .optional(),
  sync_enabled: z.union([z.literal(''), looseBoolean()]).optional(),
});
/** Spec §7 writes "(account_id)" for these POSTs: in the JSON body, or in the query string. */
const accountTarget = z.object({
  account_id: coercedRowId().optional(),
  cleanup_empty: looseBoolean().optional(),
});
// Without a body Fastify hands over null.
const accountTargetBody = accountTarget.nullish();
function targetOf(request: {
  body?: z.infer<typeof accountTargetBody>;
  query: z.infer<typeof accountTarget>;
}) {
  const accountId = request.body?.account_id ?? request.query.account_id;
  if (!accountId) throw AppError.validation({ account_id: [FieldErrorCode.REQUIRED] });
  return {
    accountId,
    cleanupEmpty: request.body?.cleanup_empty ?? request.query.cleanup_empty ?? false,
  };
}
/** One account id, a comma-joined list of them, or none for every account. */
const optionalAccountQuery = z.object({
  account_id: z.string().optional().transform(rowIdFilter),
});

export const foldersRoutes: FastifyPluginAsyncZod<{ folders: FoldersService }> = async (
  app,
  { folders },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/folders/',
    {
      schema: {
        tags: ['folders'],
        security,
        querystring: listQuery,
        response: { 200: z.array(folderNodeSchema), ...errors },
      },
    },
    (request) => {
      const q = request.query;
      return folders.list(request.userId, {
        accountIds: q.account_id,
        // Only unknown types asked for: nothing matches, never everything.
        ...(q.folder_type === null ? { nothing: true } : { types: q.folder_type }),
        ...(q.name ? { nameContains: q.name } : {}),
        ...(q.parent
          ? { parentId: q.parent.toLowerCase() === 'null' ? null : Number(q.parent) }
          : {}),
        ...(typeof q.sync_enabled === 'boolean' ? { syncEnabled: q.sync_enabled } : {}),
      });
    },
  );

  app.get(
    '/folders/tree/',
    {
      schema: {
        tags: ['folders'],
        security,
        querystring: optionalAccountQuery,
        response: { 200: z.array(folderNodeSchema), ...errors },
      },
    },
    (request) => folders.tree(request.userId, request.query.account_id),
  );

  app.get(
    '/folders/statistics/',
    {
      schema: {
        tags: ['folders'],
        security,
        querystring: optionalAccountQuery,
        response: { 200: folderStatisticsSchema, ...errors },
      },
    },
    (request) => folders.statistics(request.userId, request.query.account_id),
  );

  app.post(
    '/folders/sync_account_folders/',
    {
      schema: {
        tags: ['folders'],
        summary:
          "Mirror the server's folder list; cleanup_empty also drops vanished folders that still hold mail",
        security,
        body: accountTargetBody,
        querystring: accountTarget,
        response: { 200: folderSyncResultSchema, ...errors },
      },
    },
    async (request) => {
      const { accountId, cleanupEmpty } = targetOf(request);
      const result = await folders.syncAccountFolders(request.userId, accountId, cleanupEmpty);
      return {
        created: result.created,
        updated: result.updated,
        deleted: result.deleted,
        folders: result.folders,
      };
    },
  );

  app.post(
    '/folders/update_all_counts/',
    {
      schema: {
        tags: ['folders'],
        security,
        body: accountTargetBody,
        querystring: accountTarget,
        response: { 200: z.array(folderNodeSchema), ...errors },
      },
    },
    (request) => folders.updateAllCounts(request.userId, targetOf(request).accountId),
  );

  app.post(
    '/folders/',
    {
      schema: {
        tags: ['folders'],
        security,
        body: folderCreateSchema,
        response: { 201: folderNodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const folder = await folders.create(request.userId, {
        ...((b.account ?? b.account_id) ? { accountId: b.account ?? b.account_id } : {}),
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.parent !== undefined ? { parentId: b.parent } : {}),
      });
      return reply.code(201).send(folder);
    },
  );

  app.get(
    '/folders/:id/',
    {
      schema: {
        tags: ['folders'],
        security,
        params: idParams,
        response: { 200: folderNodeSchema, ...errors },
      },
    },
    (request) => folders.get(request.userId, request.params.id),
  );

  app.patch(
    '/folders/:id/',
    {
      schema: {
        tags: ['folders'],
        security,
        params: idParams,
        body: folderPatchSchema,
        response: { 200: folderNodeSchema, ...errors },
      },
    },
    (request) => folders.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/folders/:id/',
    {
      schema: {
        tags: ['folders'],
        security,
        summary:
          'Moves a folder holding mail into the Trash (as Thunderbird does); deletes it for good when empty, inside the Trash, or with permanent=true',
        params: idParams,
        querystring: z.object({ permanent: looseBoolean().optional() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await folders.remove(request.userId, request.params.id, request.query.permanent ?? false);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/folders/:id/update_counts/',
    {
      schema: {
        tags: ['folders'],
        security,
        params: idParams,
        response: { 200: folderNodeSchema, ...errors },
      },
    },
    (request) => folders.updateCounts(request.userId, request.params.id),
  );

  app.get(
    '/accounts/:id/folders/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        response: { 200: z.array(folderNodeSchema), ...errors },
      },
    },
    (request) => folders.list(request.userId, { accountIds: [request.params.id] }),
  );
};
