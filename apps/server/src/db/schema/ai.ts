import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { categories } from './categories.ts';
import { emails } from './emails.ts';

/**
 * What the local AI engine learned per category (ADR 0022, 0023): summed document vectors as
 * rows, so that every API and worker process loads the same model. Source 'user' is what the
 * user filed (updated at once, weight ± delta), 'ai' what self-training added (replaced by each
 * categorisation run). A deleted category takes its rows with it.
 */
export const aiCategoryTerms = pgTable(
  'ai_category_terms',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    source: text('source').$type<'user' | 'ai'>().notNull(),
    term: text('term').notNull(),
    weight: doublePrecision('weight').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.source, t.term] })],
);

/** Per category and source: how many documents (docs) and how much vector mass the terms hold. */
export const aiCategoryTotals = pgTable(
  'ai_category_totals',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    source: text('source').$type<'user' | 'ai'>().notNull(),
    docs: doublePrecision('docs').notNull().default(0),
    mass: doublePrecision('mass').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.source] })],
);

/** The account's document frequencies: smoothing and term weights of the classifier. */
export const aiBackgroundTerms = pgTable(
  'ai_background_terms',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    docs: doublePrecision('docs').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.term] })],
);

/** Per account: the background's totals and the calibrated softmax temperature. */
export const aiAccountModels = pgTable('ai_account_models', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  docs: doublePrecision('docs').notNull().default(0),
  mass: doublePrecision('mass').notNull().default(0),
  temperature: doublePrecision('temperature').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Category proposals of a cluster analysis (CLUSTER_REFINE) until the user accepts or dismisses
 * them: the whole cluster's mail is kept here, the task result shows only samples.
 */
export const aiProposals = pgTable(
  'ai_proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    emailIds: bigint('email_ids', { mode: 'number' }).array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_proposals_account_idx').on(t.accountId)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A mail's embedding from the configured model (ADR 0026): float32 values, normalised to length
 * 1, as bytes, so that PostgreSQL without pgvector stores them as well as PGlite; cosine
 * similarity is computed in the server over a search's candidates. `model` names the embedding
 * model: vectors of another model are made again, never compared.
 */
export const aiEmailEmbeddings = pgTable(
  'ai_email_embeddings',
  {
    emailId: bigint('email_id', { mode: 'number' })
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    model: text('model').notNull(),
    vector: bytea('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_email_embeddings_user_idx').on(t.userId)],
);

/**
 * What a categorisation run changed, so that the run can be undone (issue 22): each mail's
 * category, source and confidence before the run, and the category the run set. Kept a week;
 * undoing restores only the mails nobody has filed differently since.
 */
export const aiRunChanges = pgTable(
  'ai_run_changes',
  {
    runId: uuid('run_id').notNull(),
    userId: uuid('user_id').notNull(),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    beforeCategory: integer('before_category'),
    beforeSource: text('before_source'),
    beforeConfidence: real('before_confidence'),
    afterCategory: integer('after_category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.emailId] }),
    index('ai_run_changes_created_idx').on(t.createdAt),
  ],
);
