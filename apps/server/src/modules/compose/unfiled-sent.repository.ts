import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unfiledSent } from '../../db/schema/index.ts';

export interface UnfiledSent {
  id: number;
  userId: string;
  accountId: number;
  copy: Buffer | null;
  draftId: number | null;
  answersEmailId: number | null;
}

export function createUnfiledSentRepository(db: Db) {
  return {
    async add(entry: Omit<UnfiledSent, 'id'>): Promise<void> {
      await db.insert(unfiledSent).values({
        userId: entry.userId,
        accountId: entry.accountId,
        copyBase64: entry.copy?.toString('base64') ?? null,
        draftId: entry.draftId,
        answersEmailId: entry.answersEmailId,
      });
    },

    async ofAccount(accountId: number): Promise<UnfiledSent[]> {
      const rows = await db
        .select()
        .from(unfiledSent)
        .where(eq(unfiledSent.accountId, accountId))
        .orderBy(asc(unfiledSent.id));
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        accountId: r.accountId,
        copy: r.copyBase64 === null ? null : Buffer.from(r.copyBase64, 'base64'),
        draftId: r.draftId,
        answersEmailId: r.answersEmailId,
      }));
    },

    /** The copy is filed; what else was left stays for the next try. */
    async copyFiled(id: number): Promise<void> {
      await db.update(unfiledSent).set({ copyBase64: null }).where(eq(unfiledSent.id, id));
    },

    async done(id: number, accountId: number): Promise<void> {
      await db
        .delete(unfiledSent)
        .where(and(eq(unfiledSent.id, id), eq(unfiledSent.accountId, accountId)));
    },
  };
}

export type UnfiledSentRepository = ReturnType<typeof createUnfiledSentRepository>;
