import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { CORPORA_DIR } from '@brieftaube/test-support/corpus.ts';
import {
  answerFromMail,
  answerQuestion,
  type Person,
  type QaMail,
} from '../src/ai/local/qa/answer.ts';
import { splitSentences } from '../src/ai/local/qa/sentences.ts';
import { Bm25Index } from '../src/ai/local/search/bm25.ts';
import { mean, tokenF1 } from './metrics.ts';

interface Squad {
  data: {
    paragraphs: {
      context: string;
      qas: { question: string; is_impossible: boolean; answers: { text: string }[] }[];
    }[];
  }[];
}

interface Question {
  question: string;
  mail: number;
  answers: string[];
}

/** Display names: Enron's export keeps them in X-From / X-To when From / To have none. */
function people(
  addresses: { name?: string; address?: string }[] | undefined,
  names: string | undefined,
): Person[] {
  const display = (names ?? '').split(',').map((name) => name.trim());
  return (addresses ?? []).map((entry, i) => ({
    name: entry.name || display[i] || '',
    address: entry.address ?? '',
  }));
}

async function loadMails(contexts: string[]): Promise<QaMail[]> {
  return Promise.all(
    contexts.map(async (context, id) => {
      const parsed = await PostalMime.parse(context);
      const header = (key: string) => parsed.headers.find((h) => h.key === key)?.value;
      return {
        id,
        subject: parsed.subject ?? '',
        body: parsed.text ?? '',
        from: people(parsed.from ? [parsed.from] : [], header('x-from'))[0] ?? {
          name: '',
          address: '',
        },
        to: people(parsed.to, header('x-to')),
        cc: people(parsed.cc, header('x-cc')),
      };
    }),
  );
}

export async function evaluateQa() {
  const file = path.join(CORPORA_DIR, 'qa/enron-squad/enron_annotated.json');
  const squad = JSON.parse(fs.readFileSync(file, 'utf8')) as Squad;
  const contexts = squad.data.flatMap((doc) => doc.paragraphs.map((p) => p.context));
  const mails = await loadMails(contexts);
  const answerable: Question[] = [];
  const unanswerable: Question[] = [];
  let mailIndex = 0;
  for (const doc of squad.data)
    for (const paragraph of doc.paragraphs) {
      for (const qa of paragraph.qas) {
        const question = {
          question: qa.question,
          mail: mailIndex,
          answers: qa.answers.map((a) => a.text),
        };
        (qa.is_impossible || qa.answers.length === 0 ? unanswerable : answerable).push(question);
      }
      mailIndex++;
    }
  const index = new Bm25Index();
  for (const mail of mails)
    index.add({
      id: mail.id,
      subject: mail.subject,
      body: mail.body,
      from: [mail.from, ...mail.to, ...(mail.cc ?? [])]
        .map((p) => `${p.name} ${p.address}`)
        .join(' '),
    });
  // A question asked of one or two mails only names what it is about; "Who sent the email?",
  // asked of every mail, cannot be retrieved by anyone and is read against its own mail.
  const mailsPerQuestion = new Map<string, Set<number>>();
  for (const q of answerable)
    mailsPerQuestion.set(q.question, (mailsPerQuestion.get(q.question) ?? new Set()).add(q.mail));
  const names = (q: Question) => /\s[A-Z]/.test(q.question);
  const specific = answerable.filter(
    (q) => mailsPerQuestion.get(q.question)!.size <= 2 && names(q),
  );
  const started = performance.now();
  let top3 = 0;
  let top10 = 0;
  const endToEnd: number[] = [];
  for (const q of specific) {
    const hits = index.search(q.question, 10).map((hit) => hit.id);
    const relevant = mailsPerQuestion.get(q.question)!;
    if (hits.slice(0, 3).some((id) => relevant.has(id))) top3++;
    if (hits.some((id) => relevant.has(id))) top10++;
    const answer = answerQuestion(
      q.question,
      hits.slice(0, 3).map((id) => mails[id]!),
    );
    endToEnd.push(answer ? Math.max(...q.answers.map((gold) => tokenF1(answer.text, gold))) : 0);
  }
  const msPerQuestion = (performance.now() - started) / specific.length;
  const f1 = answerable.map((q) => {
    const answer = answerFromMail(q.question, mails[q.mail]!);
    return answer ? Math.max(...q.answers.map((gold) => tokenF1(answer.text, gold))) : 0;
  });
  // The baseline's way: the sentence that shares most words with the question.
  const sentenceF1 = answerable.map((q) => {
    const sentences = splitSentences(mails[q.mail]!.body);
    const words = new Set(q.question.toLowerCase().split(/\W+/));
    const best = sentences.reduce(
      (top, s) => {
        const score = s
          .toLowerCase()
          .split(/\W+/)
          .filter((w) => words.has(w)).length;
        return score > top.score ? { s, score } : top;
      },
      { s: sentences[0] ?? '', score: -1 },
    );
    return Math.max(...q.answers.map((gold) => tokenF1(best.s, gold)));
  });
  const abstained = unanswerable.filter(
    (q) => answerFromMail(q.question, mails[q.mail]!) === null,
  ).length;
  const falseAbstain = answerable.filter(
    (q) => answerFromMail(q.question, mails[q.mail]!) === null,
  ).length;
  return {
    specificQuestions: specific.length,
    sourceTop3: (100 * top3) / specific.length,
    recallAt10: (100 * top10) / specific.length,
    answerF1: 100 * mean(f1),
    sentenceF1: 100 * mean(sentenceF1),
    endToEndF1: 100 * mean(endToEnd),
    unanswerable: unanswerable.length,
    nothingFound: (100 * abstained) / unanswerable.length,
    falseNothingFound: (100 * falseAbstain) / answerable.length,
    msPerQuestion,
  };
}
