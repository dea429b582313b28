import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, emails } from '../../db/schema/index.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryWithCounts = CategoryRow & { emailCount: number; unreadCount: number };

const VISIBLE = sql.raw(
  `JOIN folders vf ON vf.id = e.folder_id AND vf.folder_type NOT IN ('trash', 'spam')`,
);

export function createCategoriesRepository(db: Db) {
  const withCounts = () =>
    db
      .select({
        category: categories,
        // Qualified by hand: Drizzle may render a lone column as "id", which the subquery would
        // take for its own emails.id. Mail in Trash or Spam keeps its category but is not
        // counted, as the category's list does not show it.
        emailCount: sql<number>`(SELECT count(*) FROM emails e ${VISIBLE} WHERE e.category_id = "categories"."id")::int`,
        unreadCount: sql<number>`(SELECT count(*) FROM emails e ${VISIBLE} WHERE e.category_id = "categories"."id" AND NOT e.is_read)::int`,
      })
      .from(categories);
  const flatten = (r: {
    category: CategoryRow;
    emailCount: number;
    unreadCount: number;
  }): CategoryWithCounts => ({
    ...r.category,
    emailCount: Number(r.emailCount),
    unreadCount: Number(r.unreadCount),
  });

  return {
    async list(userId: string, accountIds?: number[]): Promise<CategoryWithCounts[]> {
      const rows = await withCounts()
        .where(
          and(
            eq(categories.userId, userId),
            accountIds?.length ? inArray(categories.accountId, accountIds) : undefined,
          ),
        )
        .orderBy(asc(categories.accountId), asc(categories.name));
      return rows.map(flatten);
    },

    async find(userId: string, id: number): Promise<CategoryWithCounts | undefined> {
      const [row] = await withCounts()
        .where(and(eq(categories.userId, userId), eq(categories.id, id)))
        .limit(1);
      return row && flatten(row);
    },

    async nameTaken(accountId: number, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.accountId, accountId),
            sql`lower(${categories.name}) = ${name.toLowerCase()}`,
            exceptId === undefined ? undefined : sql`${categories.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: typeof categories.$inferInsert): Promise<CategoryRow> {
      const [row] = await db.insert(categories).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, patch: Partial<typeof categories.$inferInsert>): Promise<void> {
      await db
        .update(categories)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(categories.id, id));
    },

    /** Mail of a deleted category becomes uncategorised (ON DELETE SET NULL). */
    async delete(id: number): Promise<void> {
      await db.update(emails).set({ categorySource: null }).where(eq(emails.categoryId, id));
      await db.delete(categories).where(eq(categories.id, id));
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
