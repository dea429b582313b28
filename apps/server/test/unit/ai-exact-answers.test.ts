import { describe, expect, it } from 'vitest';
import { isCountingQuestion, isListingQuestion } from '../../src/ai/exact-answers.ts';

describe('questions the database answers exactly', () => {
  it('tells counting and listing questions from questions about one fact', () => {
    for (const q of [
      'Welche Rechnungen sind noch offen?',
      'Welche Mails habe ich von Thomas bekommen?',
      'Zeig mir alle Mails von Thomas Weber',
      'Liste alle Bestellungen von Zalando',
      'Which invoices are still open?',
    ])
      expect(isListingQuestion(q), q).toBe(true);
    for (const q of [
      'Welche Telefonnummer hat Thomas?',
      'Wann kommt mein Paket?',
      'Wer hat mir das Angebot geschickt?',
      'Which hotel did we book?',
    ])
      expect(isListingQuestion(q), q).toBe(false);
    expect(isCountingQuestion('Wie viele Mails hat mir Thomas geschrieben?')).toBe(true);
    expect(isCountingQuestion('How many invoices did I get?')).toBe(true);
    expect(isCountingQuestion('Wann kommt mein Paket?')).toBe(false);
  });
});
