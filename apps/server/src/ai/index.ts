import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { createAiRepository } from './ai.repository.ts';
import { createAsker } from './ask.ts';
import { createCategorizer } from './categorize.ts';
import { createEmbeddings, type Embedder } from './embeddings.ts';
import { analyzeText } from './local/text/analyze.ts';
import type { ModelProvider } from './provider.ts';
import { createProposer } from './proposals.ts';
import { createWriter } from './write.ts';

export {
  AiCancelledError,
  FALLBACK_NOTE,
  featuresOf,
  NO_ANSWER_BUT_TOPIC,
  NOTHING_FOUND,
  type CategorizeParams,
  type CategorizeResult,
  type ProposalDto,
  type Progress,
  type QuestionResult,
  type SearchResult,
} from './shared.ts';

/**
 * The one door to the AI (ADR 0023): routes and tasks call these functions; which engine answers
 * is decided here. Today that is the built-in local engine (ADR 0022), which sends nothing over
 * the network.
 */
export function createAi(deps: {
  db: Db;
  logger?: Logger;
  model?: ModelProvider | undefined;
  embedder?: Embedder | undefined;
}) {
  const embeddings = createEmbeddings(deps);
  const parts = {
    repo: createAiRepository(deps.db),
    logger: deps.logger,
    model: deps.model,
    embeddings,
  };
  return {
    repo: parts.repo,
    /** Embeds new mail in the background (the job in job-queue.ts); nothing without a model. */
    embeddings,
    ...createCategorizer(parts),
    ...createWriter(parts),
    ...createAsker(parts),
    ...createProposer(parts),
    /** Words of a text as the engine reads them (for tests and diagnostics). */
    terms: (text: string) => analyzeText(text).terms.map((t) => t.term),
  };
}

export type Ai = ReturnType<typeof createAi>;
