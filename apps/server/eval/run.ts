// `npm run eval`: the local engine on third-party corpora, beside the baselines of issue 21.
// On a loaded machine a part can be measured alone: EVAL_SEEDS=1,2 EVAL_SHOTS=0,100
// EVAL_CORPORA=codealltag,spamassassin,enron,qa EVAL_CLUSTERS=0 (defaults: everything);
// EVAL_DEBUG=1 prints what calibration fitted per split.
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

const list = (name: string, all: number[]) =>
  process.env[name] ? process.env[name].split(',').map(Number) : all;
const seeds = list('EVAL_SEEDS', SEEDS);
const shots = list('EVAL_SHOTS', SHOTS);
const corpora = (process.env.EVAL_CORPORA ?? 'codealltag,spamassassin,enron,qa').split(',');
const clusters = process.env.EVAL_CLUSTERS !== '0';

const f = (value: number) => value.toFixed(1).padStart(5);
const out = (line: string) => process.stdout.write(`${line}\n`);

async function categorisation(load: () => Promise<Corpus>) {
  const started = performance.now();
  const corpus = await load();
  const base = BASELINES[corpus.name]!;
  out(`\n## ${corpus.name} (${corpus.mails.length} mails, ${corpus.categories.length} classes)`);
  out(
    'user-filed/class   acc   mF1 | baseline          | filed ≥ 0.9: precision share | ms/mail | same split and descriptions',
  );
  for (const row of evaluateCorpus(corpus, shots, seeds)) {
    const ref =
      row.shots === 0
        ? `zero ${base.zero!.join('/')}, k-means ${base.kmeans!.join('/')}`
        : base[row.shots]
          ? `${base[row.shots]!.join('/')}`
          : '–';
    out(
      `${String(row.shots).padStart(16)} ${f(row.accuracy)} ${f(row.macroF1)} | ${ref.padEnd(17)} | ${f(row.filedPrecision)} ${f(row.filedShare)}${' '.repeat(13)}| ${row.msPerMail.toFixed(3)}   | ${row.here.map((b) => `${b.name} ${b.accuracy.toFixed(0)}/${b.macroF1.toFixed(0)}`).join(', ')}`,
    );
  }
  if (clusters) {
    const result = evaluateClusters(corpus, seeds);
    out(`clusters (k = classes): purity ${f(result.purity)}  ARI ${f(result.ari)}`);
  }
  out(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

out(
  `# Brieftaube local AI engine — evaluation (seeds ${seeds.join(',')}; every figure a mean of ${seeds.length} split(s))`,
);
if (corpora.includes('codealltag')) await categorisation(loadCodealltag);
if (corpora.includes('spamassassin')) await categorisation(loadSpamAssassin);
if (corpora.includes('enron')) await categorisation(loadEnron);
if (!corpora.includes('qa')) process.exit(0);
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
