import type { Logger } from '../lib/logger.ts';
import type { AiMailRow, AiRepository } from './ai.repository.ts';
import type { Embeddings } from './embeddings.ts';
import { mailFeatures, type Features } from './local/features.ts';
import type { ModelProvider } from './provider.ts';

export const NOTHING_FOUND = 'Dazu habe ich in Ihren E-Mails nichts gefunden.';
/** How an answer begins that has no answer but the mail the question is about (topic-mail.ts). */
export const NO_ANSWER_BUT_TOPIC = 'Eine Antwort darauf habe ich in Ihren E-Mails nicht gefunden.';
/** Said beside a result when the configured model failed and the built-in engine answered. */
export const FALLBACK_NOTE =
  'Das KI-Modell hat nicht brauchbar geantwortet; die Antwort stammt von der eingebauten KI.';

export interface CategorizeParams {
  accountIds: number[];
  emailIds?: number[] | undefined;
  /** After a fetch: only mail stored since the last training, by the stored model if any. */
  newMailOnly?: boolean | undefined;
  reclassifyUncategorizedOnly: boolean;
  /** The run's task: what it changes is kept for a week, so that it can be undone. */
  runId?: string | undefined;
}

export interface CategorizeResult {
  categorized: number;
  uncertain: number;
  per_category: Record<string, number>;
  /** Of the uncertain, mails the AI had filed before and took back to 'Ohne Kategorie'. */
  taken_back?: number;
  /**
   * A German remark beside the figures: the configured model failed and mail it was asked about
   * stayed unfiled, or there was no category to file into.
   */
  note?: string;
}

/** Said when a categorisation found no category in the accounts it was asked about. */
export const noCategoriesNote = (accounts: number) =>
  `${accounts === 1 ? 'Dieses Konto hat' : 'Ihre Konten haben'} noch keine Kategorien. Legen Sie zuerst eine Kategorie mit einer kurzen Beschreibung an; danach sortiert die KI Ihre E-Mails ein.`;

export interface SearchResult {
  interpretation: string;
  /** subject, from and date beside the spec's fields: the app lists hits without a call per mail. */
  results: {
    email_id: number;
    score: number;
    snippet: string;
    subject: string;
    from: string;
    date: string;
  }[];
  /** More mails match than `results` lists (the best are listed): a count would mislead. */
  more: boolean;
}

export interface QuestionResult {
  answer: string;
  sources: { email_id: number; subject: string; from: string; date: string; quote: string }[];
  /** Set when the configured model failed and the built-in engine answered instead. */
  note?: string;
}

export interface ProposalDto {
  id: number;
  name: string;
  description: string;
  size: number;
  sample_email_ids: number[];
  /** The samples as the app lists them (beside the spec's ids). */
  samples: { email_id: number; subject: string; from: string; date: string }[];
}

export interface Progress {
  report(percent: number, message: string): Promise<void>;
  isCancelled(): Promise<boolean>;
}

export class AiCancelledError extends Error {}

/** The engine's reading of a stored mail: the same row gives the same features in any process. */
export function featuresOf(
  mail: Pick<AiMailRow, 'subject' | 'body' | 'fromAddress' | 'hasAttachments' | 'isReply'>,
): Features {
  return mailFeatures({
    subject: mail.subject,
    body: mail.body,
    fromAddress: mail.fromAddress,
    hasAttachments: mail.hasAttachments,
    isReply: mail.isReply,
  });
}

export const fromLabel = (mail: Pick<AiMailRow, 'fromName' | 'fromAddress'>) =>
  mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress;

/** What each part of the AI is given by the door (index.ts). */
export interface AiDeps {
  repo: AiRepository;
  logger?: Logger | undefined;
  model?: ModelProvider | undefined;
  /** Stored mail embeddings, when an embedding model is configured (ADR 0026). */
  embeddings?: Embeddings | undefined;
}
