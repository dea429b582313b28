import {
  apiErrorSchema,
  coercedRowId,
  composeInputSchema,
  contactSchema,
  replyTemplateSchema,
} from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIME_ZONE_HEADER, timeZoneOr } from '../../lib/time-zone.ts';
import type { ComposeService } from './compose.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];
// Attachments travel base64-encoded in JSON: 25 MB of files are about 34 MB of text.
const bodyLimit = 40 * 1024 * 1024;

export const composeRoutes: FastifyPluginAsyncZod<{ compose: ComposeService }> = async (
  app,
  { compose },
) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/emails/send/',
    {
      bodyLimit,
      schema: {
        tags: ['compose'],
        summary: 'Send a message; on SMTP failure it is kept as a draft (fields.draft_id)',
        security,
        body: composeInputSchema,
        response: {
          200: z.object({
            status: z.literal('sent'),
            message_id: z.string(),
            sent_copy_id: z.number().nullable(),
            /** The Sent copy follows with the next fetch: the IMAP server was not reachable. */
            sent_copy_pending: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    (request) => compose.send(request.userId, request.body),
  );

  app.post(
    '/drafts/',
    {
      bodyLimit,
      schema: {
        tags: ['compose'],
        summary: 'Save a draft, replacing draft_id',
        security,
        body: composeInputSchema,
        response: { 200: z.object({ draft_id: z.number().nullable() }), ...errors },
      },
    },
    (request) => compose.saveDraft(request.userId, request.body),
  );

  app.get(
    '/emails/:id/compose/',
    {
      schema: {
        tags: ['compose'],
        summary: 'Prefilled reply, reply-all or forward, or a draft opened for editing',
        security,
        params: z.object({ id: coercedRowId() }),
        querystring: z.object({ action: z.enum(['reply', 'reply_all', 'forward', 'draft']) }),
        response: { 200: replyTemplateSchema, ...errors },
      },
    },
    (request) =>
      compose.template(
        request.userId,
        request.params.id,
        request.query.action,
        timeZoneOr(request.headers[TIME_ZONE_HEADER]),
      ),
  );

  app.get(
    '/contacts/',
    {
      schema: {
        tags: ['compose'],
        summary: 'Address suggestions from the user’s correspondence',
        security,
        querystring: z.object({ q: z.string().max(200).optional() }),
        response: { 200: z.array(contactSchema), ...errors },
      },
    },
    (request) => compose.suggestContacts(request.userId, request.query.q ?? ''),
  );
};
