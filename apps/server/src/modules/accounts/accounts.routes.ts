import {
  accountInputSchema,
  accountSchema,
  apiErrorSchema,
  coercedRowId,
  connectionTestInputSchema,
  connectionTestResultSchema,
  folderSettingsSchema,
  providerPresetSchema,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerPresets } from '../../mail/presets.ts';
import type { AccountsService } from './accounts.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: coercedRowId() });
const security = [{ bearerAuth: [] }];

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/accounts/',
    {
      schema: {
        tags: ['accounts'],
        security,
        response: { 200: z.array(accountSchema), ...errors },
      },
    },
    (request) => accounts.list(request.userId),
  );

  app.get(
    '/accounts/presets/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Server settings of common providers',
        security,
        response: { 200: z.array(providerPresetSchema) },
      },
    },
    () => providerPresets,
  );

  app.post(
    '/accounts/',
    {
      schema: {
        tags: ['accounts'],
        security,
        body: accountInputSchema,
        response: { 201: accountSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await accounts.create(request.userId, request.body)),
  );

  app.get(
    '/accounts/:id/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) => accounts.get(request.userId, request.params.id),
  );

  app.patch(
    '/accounts/:id/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        body: accountInputSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) => accounts.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.remove(request.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/:id/statistics/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        response: {
          200: z.object({
            total_emails: z.number(),
            unread_emails: z.number(),
            stored_emails: z.number(),
            flagged_emails: z.number(),
            emails_with_attachments: z.number(),
            categorized_emails: z.number(),
            uncategorized_emails: z.number(),
            storage_bytes: z.number(),
            bodies_pending: z.number(),
            bodies_failed: z.number(),
            folders: z.number(),
            categories: z.number(),
            last_sync_at: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    (request) => accounts.statistics(request.userId, request.params.id),
  );

  app.post(
    '/accounts/:id/test_connection/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        response: { 200: connectionTestResultSchema, ...errors },
      },
    },
    (request) => accounts.testStored(request.userId, request.params.id),
  );

  app.post(
    '/actions/test-connection/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Test IMAP and SMTP settings before saving them; with account_id and no password, the stored password (only for the stored hosts)',
        security,
        body: connectionTestInputSchema,
        response: { 200: connectionTestResultSchema, ...errors },
      },
    },
    (request) => accounts.testUnsaved(request.userId, request.body),
  );

  app.patch(
    '/accounts/:id/folder_settings/',
    {
      schema: {
        tags: ['accounts'],
        security,
        params: idParams,
        body: folderSettingsSchema,
        response: { 200: z.object({ folder_settings: folderSettingsSchema }), ...errors },
      },
    },
    (request) => {
      // The answer wraps the settings in `folder_settings`; a client sending that shape back
      // means the settings inside, not a setting called "folder_settings".
      const body = request.body;
      const inner = body.folder_settings;
      const wrapped =
        Object.keys(body).length === 1 &&
        typeof inner === 'object' &&
        inner !== null &&
        !Array.isArray(inner);
      return accounts.updateFolderSettings(
        request.userId,
        request.params.id,
        wrapped ? (inner as Record<string, unknown>) : body,
      );
    },
  );
};
