import type { AiQuestionResult } from '../../api/ai.ts';

export interface AskedQuestion {
  /** The task's id; a question whose start failed has none. */
  taskId: string | null;
  question: string;
  /** Kept once the task settled: the task list forgets finished tasks, the session does not. */
  result?: AiQuestionResult;
  failed?: string;
}

const KEY = 'brieftaube.questions';
const MAX = 20;

/**
 * The questions of this browser session, newest first: opening a cited mail and coming back
 * finds them as they were (issue 22: several questions in a row stay visible).
 */
export function readQuestions(): AskedQuestion[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter(
          (entry: unknown): entry is AskedQuestion =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as { question?: unknown }).question === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function saveQuestions(entries: AskedQuestion[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(entries.slice(0, MAX)));
  } catch {
    // Without storage the questions last as long as the page.
  }
}
