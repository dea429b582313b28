import { and, asc, eq } from 'drizzle-orm';
import { FieldErrorCode } from '@brieftaube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@brieftaube/shared';
import type { Db } from '../../db/client.ts';
import { remoteContentSenders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** Mirrors the web app's rule for what counts as an address; the list is only ever compared. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const MAX_SENDERS = 5000;

const normalise = (address: string) => address.trim().toLowerCase();

export function createRemoteContentService(db: Db) {
  const list = async (userId: string): Promise<string[]> => {
    const rows = await db
      .select({ address: remoteContentSenders.address })
      .from(remoteContentSenders)
      .where(eq(remoteContentSenders.userId, userId))
      .orderBy(asc(remoteContentSenders.address));
    return rows.map((r) => r.address);
  };
  const validAddress = (raw: string) => {
    const address = normalise(raw);
    if (!ADDRESS.test(address) || address.length > 320)
      throw AppError.validation({ address: [FieldErrorCode.ADDRESS_INVALID] });
    return address;
  };
  return {
    list,
    async trust(userId: string, raw: string): Promise<string[]> {
      const address = validAddress(raw);
      const current = await list(userId);
      if (current.length >= MAX_SENDERS && !current.includes(address))
        throw AppError.validation({ address: [FieldErrorCode.TOO_LONG] });
      await db.insert(remoteContentSenders).values({ userId, address }).onConflictDoNothing();
      return list(userId);
    },
    async distrust(userId: string, raw: string): Promise<void> {
      await db
        .delete(remoteContentSenders)
        .where(
          and(
            eq(remoteContentSenders.userId, userId),
            eq(remoteContentSenders.address, normalise(raw)),
          ),
        );
    },
  };
}
export type RemoteContentService = ReturnType<typeof createRemoteContentService>;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const path = '/settings/remote-content-senders/';

/** The senders whose remote images are shown without asking ('Immer für diesen Absender anzeigen'). */
export const remoteContentRoutes: FastifyPluginAsyncZod<{
  remoteContent: RemoteContentService;
}> = async (app, { remoteContent }) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['settings'];

  app.get(
    path,
    { schema: { tags, security, response: { 200: z.array(z.string()), ...errors } } },
    (request) => remoteContent.list(request.userId),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        security,
        body: z.object({ address: z.string().max(1000) }),
        response: { 201: z.array(z.string()), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await remoteContent.trust(request.userId, request.body.address)),
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        security,
        querystring: z.object({ address: z.string().max(1000) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await remoteContent.distrust(request.userId, request.query.address);
      return reply.code(204).send(null);
    },
  );
};
