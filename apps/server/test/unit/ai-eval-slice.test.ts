import { describe, expect, it } from 'vitest';
import { evaluateQa } from '../../eval/qa-eval.ts';

// The question-answering part of `npm run eval` (48 mails, well under a second): a regression
// guard that the engine stays ahead of the baselines issue 21 measured.
describe('local engine: eval slice (enron-squad)', () => {
  it('retrieves and answers better than the BM25 / answer-sentence baselines', async () => {
    const qa = await evaluateQa();
    expect(qa.sourceTop3).toBeGreaterThan(92);
    expect(qa.answerF1).toBeGreaterThan(12 + 5);
    expect(qa.unanswerable).toBe(111);
    expect(qa.nothingFound).toBeGreaterThan(40);
  });
});
