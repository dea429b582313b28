import {
  FieldErrorCode,
  apiErrorSchema,
  bulkActionSchema,
  coercedRowId,
  emailDetailSchema,
  emailListItemSchema,
  emailPatchSchema,
  emailSelectionSchema,
  looseBoolean,
  rowIdFilter,
} from '@brieftaube/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { TIME_ZONE_HEADER, timeZoneOr } from '../../lib/time-zone.ts';
import { parseSearch, SearchDateError } from '../../mail/search/search-query.ts';
import { attachmentDisposition, safeContentType } from './content-disposition.ts';
import type { EmailFilter } from './emails.repository.ts';
import type { EmailsService } from './emails.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: coercedRowId() });

/**
 * 'true'/'false' as the spec sends them, '1'/'0' and any case as other clients do; empty is no
 * filter. Anything else is refused: ignored, "read=vielleicht" would list every mail.
 */
const boolFilter = () => z.union([z.literal(''), looseBoolean()]).optional();
const bool = (value: boolean | '' | undefined) => (typeof value === 'boolean' ? value : undefined);
/** 'Ohne Kategorie' addressed by name instead of has_category=false. */
const NO_CATEGORY = new Set(['uncategorized', 'none', 'null']);

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .transform((n) => Math.min(n, 200))
  .optional();

/** Spec §2 EmailList filters, plus full-text `q`, `flagged` and cursor paging. */
const listQuery = z.object({
  accounts: z.string().optional(),
  folder_id: z.string().optional(),
  folder_name: z.string().optional(),
  folder_type: z.string().optional(),
  category: z.string().optional(),
  has_category: boolFilter(),
  read: boolFilter(),
  flagged: boolFilter(),
  q: z
    .string()
    .max(500)
    .describe(
      'Words (German stemming, prefixes, compound parts) and operators: from:/von:, to:/an:, ' +
        'subject:/betreff:, has:attachment/hat:anhang, is:unread/ist:ungelesen, is:read, ' +
        'is:flagged/ist:markiert, before:/vor:, after:/nach:, bis: (2026-10-01, 1.10.2026, ' +
        '01.10.26), in:<folder>/ordner:, "phrases". Unknown operators are words.',
    )
    .optional(),
  cursor: z.string().optional(),
  // More than a page holds is capped, not refused, as Django REST's max_page_size does.
  limit: pageSize,
  // Clients written for page numbers or offsets (Django REST's two pagination styles) page
  // with those; the keyset cursor of the headers is cheaper at depth and stable under new mail.
  page_size: pageSize,
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  offset: z.coerce.number().int().min(0).max(100_000_000).optional(),
});

function paging(q: z.infer<typeof listQuery>) {
  const limit = q.limit ?? q.page_size ?? 50;
  const offset = q.offset ?? (q.page ? (q.page - 1) * limit : 0);
  return { limit, cursor: q.cursor, offset };
}

/** The search box's operators; a date that is none is the caller's mistake, told in German. */
function search(text: string, timeZone: string) {
  try {
    return parseSearch(text, timeZone);
  } catch (error) {
    if (error instanceof SearchDateError)
      throw AppError.validation({ q: [FieldErrorCode.SEARCH_DATE_INVALID] });
    throw error;
  }
}

function toFilter(
  q: z.infer<typeof listQuery>,
  headers: Record<string, unknown> = {},
): EmailFilter {
  const noCategory = NO_CATEGORY.has(q.category?.trim().toLowerCase() ?? '');
  const folderIds = rowIdFilter(q.folder_id);
  const categoryIds = noCategory ? [] : rowIdFilter(q.category);
  const types = (q.folder_type ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return {
    accountIds: rowIdFilter(q.accounts),
    ...(folderIds.length ? { folderIds } : {}),
    ...(q.folder_name?.trim() ? { folderName: q.folder_name.trim() } : {}),
    ...(types.length ? { folderTypes: types } : {}),
    ...(categoryIds.length ? { categoryIds } : {}),
    ...(noCategory ? { hasCategory: false } : {}),
    ...(bool(q.has_category) !== undefined ? { hasCategory: bool(q.has_category)! } : {}),
    ...(bool(q.read) !== undefined ? { read: bool(q.read)! } : {}),
    ...(bool(q.flagged) !== undefined ? { flagged: bool(q.flagged)! } : {}),
    // Dates in before:/after: are days where the user is, as the list shows them.
    ...(q.q?.trim() ? { search: search(q.q.trim(), timeZoneOr(headers[TIME_ZONE_HEADER])) } : {}),
  };
}

/** Lists stay plain arrays (spec §7); the next page is announced in headers. */
function withNextCursor(reply: FastifyReply, url: string, nextCursor: string | null) {
  if (nextCursor) {
    const next = new URL(url, 'http://x');
    next.searchParams.set('cursor', nextCursor);
    // The cursor already stands past the skipped rows.
    next.searchParams.delete('page');
    next.searchParams.delete('offset');
    void reply
      .header('x-next-cursor', nextCursor)
      .header('link', `<${next.pathname}${next.search}>; rel="next"`);
  }
}

export const emailsRoutes: FastifyPluginAsyncZod<{ emails: EmailsService }> = async (
  app,
  { emails },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/emails/',
    {
      schema: {
        tags: ['emails'],
        security,
        querystring: listQuery,
        response: { 200: z.array(emailListItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await emails.list(
        request.userId,
        toFilter(request.query, request.headers),
        paging(request.query),
      );
      withNextCursor(reply, request.url, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/emails/selection/',
    {
      schema: {
        tags: ['emails'],
        summary: 'Every message of a list (same filters), compact, for bulk actions on all of it',
        security,
        querystring: listQuery,
        response: { 200: emailSelectionSchema, ...errors },
      },
    },
    (request) => emails.selection(request.userId, toFilter(request.query, request.headers)),
  );

  app.get(
    '/folders/:id/emails/',
    {
      schema: {
        tags: ['folders'],
        security,
        params: idParams,
        querystring: listQuery,
        response: { 200: z.array(emailListItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await emails.listFolder(
        request.userId,
        request.params.id,
        toFilter(request.query, request.headers),
        paging(request.query),
      );
      withNextCursor(reply, request.url, page.nextCursor);
      return page.items;
    },
  );

  app.post(
    '/folders/:id/move_emails/',
    {
      schema: {
        tags: ['folders'],
        security,
        params: idParams,
        body: z.object({
          target_folder_id: coercedRowId(),
          email_ids: z.array(coercedRowId()).min(1).max(1000),
        }),
        response: { 200: z.object({ moved: z.number().int() }), ...errors },
      },
    },
    (request) =>
      emails.moveFromFolder(
        request.userId,
        request.params.id,
        request.body.email_ids,
        request.body.target_folder_id,
      ),
  );

  app.post(
    '/emails/bulk/',
    {
      schema: {
        tags: ['emails'],
        security,
        body: bulkActionSchema,
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    (request) => emails.bulk(request.userId, request.body),
  );

  app.get(
    '/emails/:id/',
    {
      schema: {
        tags: ['emails'],
        summary: 'One message with sanitised HTML; remote=allow keeps remote images',
        security,
        params: idParams,
        querystring: z.object({ remote: z.enum(['allow', 'block']).optional() }),
        response: { 200: emailDetailSchema, ...errors },
      },
    },
    (request) => emails.detail(request.userId, request.params.id, request.query.remote === 'allow'),
  );

  app.patch(
    '/emails/:id/',
    {
      schema: {
        tags: ['emails'],
        security,
        params: idParams,
        body: emailPatchSchema,
        response: { 200: emailListItemSchema, ...errors },
      },
    },
    (request) => emails.patch(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/emails/:id/',
    {
      schema: {
        tags: ['emails'],
        summary: 'Move to Trash; from Trash, delete for good',
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await emails.remove(request.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  const sendDownload = (reply: FastifyReply, file: Awaited<ReturnType<EmailsService['raw']>>) =>
    reply
      .header('content-type', safeContentType(file.contentType))
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(file.content);

  app.get(
    '/emails/:id/attachments/:part/',
    {
      schema: {
        tags: ['emails'],
        security,
        params: z.object({
          id: coercedRowId(),
          // An IMAP part number, or "y1", "y2", … for files written into the text as yEnc.
          part: z.string().regex(/^(?:[\d.]+|y\d+)$/),
        }),
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await emails.attachment(request.userId, request.params.id, request.params.part),
      ),
  );

  app.get(
    '/emails/:id/raw/',
    {
      schema: {
        tags: ['emails'],
        summary: 'The message as the server stores it (RFC 5322)',
        security,
        params: idParams,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await emails.raw(request.userId, request.params.id)),
  );
};
