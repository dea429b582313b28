import fs from 'node:fs';
import path from 'node:path';
import { CORPORA_DIR } from '@brieftaube/test-support/corpus.ts';
import type { MailText } from '../src/ai/local/features.ts';
import { bodyFromParts } from '../src/mail/mime/parse-message.ts';
import { parseCharsets } from '../src/mail/mime/parse-charsets.ts';

export interface LabelledMail {
  label: string;
  mail: MailText;
}

export interface Corpus {
  name: string;
  language: 'de' | 'en';
  mails: LabelledMail[];
  /** One sentence per label, as a user would write it (docs/adr/0022-local-ai-engine.md). */
  categories: { label: string; name: string; description: string }[];
}

const LABELLED = path.join(CORPORA_DIR, 'labelled');

/**
 * A raw message read the way the categoriser reads a stored one (ai.repository.ts): subject,
 * sender and the whole body text, whose quoted and forwarded part features.ts weighs at half.
 */
export async function mailFromRaw(raw: Buffer): Promise<MailText> {
  const parsed = await parseCharsets(raw);
  const body = bodyFromParts(parsed.text, parsed.html);
  return {
    subject: parsed.subject ?? '',
    body: body.text,
    fromAddress: parsed.from?.address ?? '',
    fromName: parsed.from?.name ?? '',
    hasAttachments: parsed.attachments.length > 0,
    isReply: Boolean(parsed.inReplyTo),
  };
}

function csvRows(file: string): string[][] {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

export async function loadCodealltag(): Promise<Corpus> {
  const folder = path.join(LABELLED, 'codealltag-de');
  const mails: LabelledMail[] = [];
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()) {
    for (const line of fs.readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const record = JSON.parse(line) as { topic: string; text: string };
      mails.push({
        label: record.topic,
        mail: { subject: '', body: record.text, fromAddress: '' },
      });
    }
  }
  return {
    name: 'codealltag-de',
    language: 'de',
    mails,
    categories: [
      {
        label: 'finance',
        name: 'Finanzen',
        description:
          'Alles rund ums Geld: Bank, Konto, Aktien und Börse, Kredite, Versicherungen und Steuern.',
      },
      {
        label: 'travels',
        name: 'Reisen',
        description:
          'Urlaub und Reisen: Flüge, Bahn, Hotels, Ferienwohnungen, Reiseziele und Erfahrungen unterwegs.',
      },
    ],
  };
}

async function loadRaw(folder: string, column: number): Promise<LabelledMail[]> {
  const rows = csvRows(path.join(folder, 'labels.csv'));
  const mails: LabelledMail[] = [];
  for (const row of rows) {
    const raw = fs.readFileSync(path.join(folder, row[0]!));
    mails.push({ label: row[column]!, mail: await mailFromRaw(raw) });
  }
  return mails;
}

export async function loadSpamAssassin(): Promise<Corpus> {
  return {
    name: 'SpamAssassin',
    language: 'en',
    mails: await loadRaw(path.join(LABELLED, 'spamassassin'), 1),
    categories: [
      {
        label: 'spam',
        name: 'Spam',
        description:
          'Unsolicited junk mail: advertising, offers, cheap loans, pills, prizes and get-rich-quick schemes.',
      },
      {
        label: 'ham',
        name: 'Mail',
        description:
          'Real mail from people and from the mailing lists I subscribed to: discussions, questions and replies.',
      },
    ],
  };
}

export async function loadEnron(): Promise<Corpus> {
  return {
    name: 'Enron genres',
    language: 'en',
    mails: await loadRaw(path.join(LABELLED, 'enron-berkeley'), 2),
    categories: [
      {
        label: 'company_business',
        name: 'Company business',
        description:
          'Business and strategy of the company: deals, markets, regulation, projects and operations.',
      },
      {
        label: 'purely_personal',
        name: 'Personal',
        description: 'Private mail with family and friends that has nothing to do with work.',
      },
      {
        label: 'personal_professional',
        name: 'Personal at work',
        description:
          'Personal notes between colleagues, like thanks, congratulations, good wishes or farewells.',
      },
      {
        label: 'logistic_arrangements',
        name: 'Logistics',
        description:
          'Arranging meetings, calls, travel and technical support: who meets when and where.',
      },
      {
        label: 'employment_arrangements',
        name: 'Jobs and hiring',
        description:
          'Job applications, interviews, hiring, recommendations, offers and resignations.',
      },
      {
        label: 'document_editing',
        name: 'Document editing',
        description: 'Drafts and documents sent around for review, comments and changes.',
      },
      {
        label: 'empty_missing_attachment',
        name: 'Attachment only',
        description: 'Mails that only forward an attachment without any text.',
      },
      { label: 'empty_message', name: 'Empty', description: 'Empty mails without any text.' },
    ],
  };
}
