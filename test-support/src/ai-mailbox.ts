import fs from 'node:fs';
import path from 'node:path';
import { CORPORA_DIR } from './corpus.ts';
import type { TestMessage } from './mailbox.ts';

interface LabelledMail {
  id: string;
  topic: string;
  text: string;
}

/**
 * German mail nobody here wrote (codealltag-de, CC BY-SA 4.0): the first `perClass` mails of the
 * finance and travel samples, as messages with their first line as subject. The Message-ID
 * carries the label (`<finance-…@codealltag>`), so a test can score what the AI filed.
 */
export function codealltagMessages(perClass: number, to: string): TestMessage[] {
  const dir = path.join(CORPORA_DIR, 'labelled', 'codealltag-de');
  const read = (file: string) =>
    fs
      .readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(0, perClass)
      .map((line) => JSON.parse(line) as LabelledMail);
  const mails = [
    ...read('codealltag_pxl_finance_sample2500.jsonl'),
    ...read('codealltag_pxl_travels_sample2500.jsonl'),
  ];
  const start = Date.parse('2026-09-01T08:00:00Z');
  return mails.map((mail, i) => {
    const firstLine = mail.text.split('\n').find((l) => l.trim().length > 3) ?? 'Hallo';
    return {
      // One sender per mail: a shared sender across both classes would be a feature of neither.
      from: `Leser ${i} <leser${i}@forum.example>`,
      to,
      subject: firstLine.trim().slice(0, 60),
      text: mail.text,
      date: new Date(start + i * 3_600_000),
      messageId: `<${mail.topic}-${mail.id}@codealltag>`,
    };
  });
}
