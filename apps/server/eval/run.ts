// `npm run eval`: the local engine on third-party corpora, beside the baselines of issue 21.
import { evaluateCorpus, SEEDS, SHOTS } from './categorize-eval.ts';
import { evaluateClusters } from './cluster-eval.ts';
import { loadCodealltag, loadEnron, loadSpamAssassin, type Corpus } from './corpora.ts';
import { evaluateQa } from './qa-eval.ts';

// Accuracy / macro-F1 measured with classical baselines (issue 21).
const BASELINES: Record<string, Record<string, [number, number]>> = {
  'codealltag-de': { zero: [62, 62], kmeans: [78, 78], 20: [67, 67], 100: [78, 78] },
  SpamAssassin: { zero: [59, 55], kmeans: [84, 82], 20: [90, 89], 100: [95, 94] },
  'Enron genres': { zero: [42, 28], kmeans: [40, 28], 20: [52, 33], 100: [67, 38] },
};

const f = (value: number) => value.toFixed(1).padStart(5);
const out = (line: string) => process.stdout.write(`${line}\n`);

async function categorisation(load: () => Promise<Corpus>) {
  const started = performance.now();
  const corpus = await load();
  const base = BASELINES[corpus.name]!;
  out(`\n## ${corpus.name} (${corpus.mails.length} mails, ${corpus.categories.length} classes)`);
  out('user-filed/class   acc   mF1 | baseline          | filed ≥ 0.9: precision share | ms/mail');
  for (const row of evaluateCorpus(corpus, SHOTS, SEEDS)) {
    const ref =
      row.shots === 0
        ? `zero ${base.zero!.join('/')}, k-means ${base.kmeans!.join('/')}`
        : base[row.shots]
          ? `${base[row.shots]!.join('/')}`
          : '–';
    out(
      `${String(row.shots).padStart(16)} ${f(row.accuracy)} ${f(row.macroF1)} | ${ref.padEnd(17)} | ${f(row.filedPrecision)} ${f(row.filedShare)}${' '.repeat(13)}| ${row.msPerMail.toFixed(3)}`,
    );
  }
  const clusters = evaluateClusters(corpus, SEEDS);
  out(`clusters (k = classes): purity ${f(clusters.purity)}  ARI ${f(clusters.ari)}`);
  out(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

out('# Brieftaube local AI engine — evaluation (seeds 1–5; every figure a mean of 5 splits)');
await categorisation(loadCodealltag);
await categorisation(loadSpamAssassin);
await categorisation(loadEnron);
const qa = await evaluateQa();
out('\n## Questions (enron-squad: 48 mails, 674 questions)');
out(`search recall@10 (${qa.specificQuestions} specific questions):      ${f(qa.recallAt10)}`);
out(`answering mail in top 3:                          ${f(qa.sourceTop3)}  (BM25 baseline 92)`);
out(
  `answer token-F1 (answerable, given their mail):   ${f(qa.answerF1)}  (answer-sentence baseline 12; measured here ${qa.sentenceF1.toFixed(1)})`,
);
out(`answer token-F1, retrieval top 3 → answer:         ${f(qa.endToEndF1)}`);
out(`"nichts gefunden" on the ${qa.unanswerable} unanswerable:           ${f(qa.nothingFound)}`);
out(`"nichts gefunden" wrongly on answerable:          ${f(qa.falseNothingFound)}`);
out(`ms per question (retrieval + answer):             ${qa.msPerQuestion.toFixed(3)}`);
