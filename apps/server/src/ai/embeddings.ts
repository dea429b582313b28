import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** Mails embedded per request, and per run of the background job (it queues the next run). */
export const EMBED_BATCH = 32;
export const EMBED_PER_RUN = 256;
/** What of a mail goes to the embedding model: its subject and the start of its text. */
export const EMBED_TEXT_CHARS = 2000;
/** The share of "similar wording" in a search's ranking; the rest is BM25 (ADR 0026). */
export const SIMILARITY_WEIGHT = 0.4;
/** BM25 hits blended with the similarities (the candidates without a word match come too). */
export const BLEND_POOL = 200;

export interface Embedder {
  /** The embedding model's name: stored beside each vector. */
  model: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** The configured embedding model, or undefined (then no embedding request is ever made). */
export function createEmbedder(
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_EMBEDDING_MODEL' | 'AI_TIMEOUT_SECONDS'>,
): Embedder | undefined {
  if (!config.AI_BASE_URL || !config.AI_EMBEDDING_MODEL) return undefined;
  const provider = createOpenAICompatible({
    name: 'brieftaube',
    baseURL: config.AI_BASE_URL,
    ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
  });
  const model = provider.embeddingModel(config.AI_EMBEDDING_MODEL);
  const timeoutMs = config.AI_TIMEOUT_SECONDS * 1000;
  return {
    model: config.AI_EMBEDDING_MODEL,
    async embed(texts) {
      const { embeddings } = await embedMany({
        model,
        values: texts,
        // No SDK retries: a search must not wait for them; the background job tries again later.
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      return embeddings.map(unit);
    },
  };
}

/** Length 1, so that cosine similarity is a dot product. */
function unit(values: number[]): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

const toBytes = (v: Float32Array) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
/** node-postgres gives a Buffer, PGlite a Uint8Array: both are bytes; copied for alignment. */
const fromBytes = (b: Uint8Array) => new Float32Array(Uint8Array.from(b).buffer);

function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

const embeddingText = (mail: { subject: string; body: string }) =>
  `${mail.subject}\n${mail.body}`.slice(0, EMBED_TEXT_CHARS);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export function createEmbeddings(deps: {
  db: Db;
  embedder?: Embedder | undefined;
  logger?: Logger | undefined;
}) {
  const { db, embedder } = deps;
  return {
    enabled: embedder !== undefined,

    /**
     * Embeds mail that has no vector of the configured model yet, newest first, each user's
     * mail in requests of its own. Whether more is waiting (the job then queues itself again).
     * Mail whose body is not fetched yet waits: its preview would be embedded, not its text.
     */
    async embedPending(limit = EMBED_PER_RUN): Promise<{ embedded: number; more: boolean }> {
      if (!embedder) return { embedded: 0, more: false };
      const pending = await rows<{ id: number; userId: string; subject: string; body: string }>(
        db,
        sql`SELECT e.id::float8 AS id, e.user_id AS "userId", e.subject,
                   left(coalesce(e.body_text, e.preview), ${EMBED_TEXT_CHARS}) AS body
            FROM emails e JOIN folders f ON f.id = e.folder_id
            LEFT JOIN ai_email_embeddings x ON x.email_id = e.id AND x.model = ${embedder.model}
            WHERE x.email_id IS NULL AND e.body_status <> 'pending'
              AND f.folder_type NOT IN ('trash', 'spam')
            ORDER BY e.id DESC LIMIT ${limit + 1}`,
      );
      const todo = pending.slice(0, limit);
      const byUser = new Map<string, typeof todo>();
      for (const mail of todo) byUser.set(mail.userId, [...(byUser.get(mail.userId) ?? []), mail]);
      let embedded = 0;
      for (const [userId, mails] of byUser)
        for (let i = 0; i < mails.length; i += EMBED_BATCH) {
          const batch = mails.slice(i, i + EMBED_BATCH);
          const vectors = await embedder.embed(batch.map(embeddingText));
          const values = JSON.stringify(
            batch.map((m, j) => ({
              id: m.id,
              v: Buffer.from(toBytes(vectors[j]!)).toString('hex'),
            })),
          );
          // Upserted: a mail embedded by another model before gets this model's vector.
          await db.execute(sql`
            INSERT INTO ai_email_embeddings (email_id, user_id, model, vector)
            SELECT r.id, ${userId}, ${embedder.model}, decode(r.v, 'hex')
              FROM jsonb_to_recordset(${values}::jsonb) AS r(id bigint, v text)
              JOIN emails e ON e.id = r.id AND e.user_id = ${userId}
            ON CONFLICT (email_id) DO UPDATE
              SET model = EXCLUDED.model, vector = EXCLUDED.vector, created_at = now()`);
          embedded += batch.length;
        }
      return { embedded, more: pending.length > limit };
    },

    /**
     * Cosine similarity of `query` to each of the user's mails among `ids` that has a vector;
     * undefined without an embedding model or when the model does not answer (then BM25 alone
     * ranks: a search never fails for want of similarities).
     */
    async similarities(userId: string, ids: number[], query: string) {
      if (!embedder || ids.length === 0) return undefined;
      const stored = await rows<{ id: number; vector: Uint8Array }>(
        db,
        sql`SELECT email_id::float8 AS id, vector FROM ai_email_embeddings
            WHERE user_id = ${userId} AND model = ${embedder.model}
              AND email_id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );
      if (stored.length === 0) return undefined;
      let q: Float32Array;
      try {
        [q] = (await embedder.embed([query])) as [Float32Array];
      } catch (error) {
        deps.logger?.warn(
          { error: error instanceof Error ? error.name : 'unknown' },
          'embedding a search query failed',
        );
        return undefined;
      }
      return new Map(stored.map((r) => [Number(r.id), dot(q, fromBytes(r.vector))]));
    },
  };
}

export type Embeddings = ReturnType<typeof createEmbeddings>;

/**
 * A search's ranking with "similar wording": BM25 (scaled to its best hit) blended with the
 * cosine similarity of the query to each candidate, so that a mail with other words for the
 * same thing can rank too. Without similarities, the BM25 ranking as it was.
 */
export async function blendSimilar(
  embeddings: Embeddings | undefined,
  userId: string,
  query: string,
  candidates: { id: number }[],
  bm25: { id: number; score: number }[],
  limit: number,
): Promise<{ id: number; score: number }[]> {
  const similar = await embeddings?.similarities(
    userId,
    candidates.map((c) => c.id),
    query,
  );
  if (!similar) return bm25.slice(0, limit);
  const best = Math.max(...bm25.map((h) => h.score), 1e-9);
  const scores = new Map<number, number>();
  for (const hit of bm25) scores.set(hit.id, (1 - SIMILARITY_WEIGHT) * (hit.score / best));
  // Models differ in how similar unrelated texts look (cosines of 0.1 or of 0.7): a mail
  // without a word of the query comes in only when it stands out among the candidates.
  const values = [...similar.values()];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const spread = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  for (const [id, cosine] of similar) {
    const matched = scores.has(id);
    if (!matched && cosine <= mean + spread) continue;
    scores.set(id, (scores.get(id) ?? 0) + SIMILARITY_WEIGHT * Math.max(0, cosine));
  }
  return [...scores]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, limit)
    .map(([id, score]) => ({ id, score }));
}
