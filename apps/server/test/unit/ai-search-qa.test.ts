import { describe, expect, it } from 'vitest';
import { answerFromMail, answerQuestion, type QaMail } from '../../src/ai/local/qa/answer.ts';
import { questionType } from '../../src/ai/local/qa/question-type.ts';
import { splitSentences } from '../../src/ai/local/qa/sentences.ts';
import { Bm25Index } from '../../src/ai/local/search/bm25.ts';

const person = (name: string, address: string) => ({ name, address });
const MAILS: QaMail[] = [
  {
    id: 1,
    subject: 'Ihre Jahresabrechnung 2026',
    body: 'Guten Tag Frau Weber,\n\nanbei Ihre Abrechnung für das Jahr 2026. Der Betrag von 312,40 Euro wird am 15.01. abgebucht.\nBei Fragen erreichen Sie uns unter 0800 330 1000.',
    from: person('Stadtwerke Köln', 'abrechnung@stadtwerke-koeln.de'),
    to: [person('Anna Weber', 'anna@example.de')],
  },
  {
    id: 2,
    subject: 'Umbau Küche',
    body: 'Hallo Anna,\n\nder Fliesenleger kommt am Donnerstag um 8:00 Uhr. Kannst du bitte den Schlüssel beim Nachbarn hinterlegen?\n\nGruß Thomas',
    from: person('Thomas Berger', 'thomas.berger@example.com'),
    to: [person('Anna Weber', 'anna@example.de')],
  },
  {
    id: 3,
    subject: 'Team lunch',
    body: 'Hi all,\n\nthe team lunch will take place on Friday at 12:30 in the Blue Room. Please let me know if you can join.',
    from: person('Sara Klein', 'sara@example.org'),
    to: [person('Team', 'team@example.org')],
  },
];

function index() {
  const idx = new Bm25Index();
  for (const m of MAILS)
    idx.add({
      id: m.id,
      subject: m.subject,
      body: m.body,
      from: `${m.from.name} ${m.from.address}`,
    });
  return idx;
}

describe('local engine: search and questions', () => {
  it('finds German mail by stem and compound part', () => {
    const idx = index();
    expect(idx.search('Abrechnung')[0]!.id).toBe(1);
    expect(idx.search('Jahresabrechnungen')[0]!.id).toBe(1);
    expect(idx.search('Küchenumbau')[0]!.id).toBe(2);
    expect(idx.search('thomas.berger')[0]!.id).toBe(2);
    expect(idx.search('lunch', 10, (id) => id !== 3)).toEqual([]);
  });

  it('splits sentences without breaking at dates and abbreviations', () => {
    expect(splitSentences('Wir kommen am 15.01. gegen 9 Uhr. Bis dann!')).toEqual([
      'Wir kommen am 15.01. gegen 9 Uhr.',
      'Bis dann!',
    ]);
    // Before a capital too: a day's number, titles and initials; a year ends its sentence.
    expect(
      splitSentences(
        'Die Platte kommt am 20. Oktober. Dr. Krause und Thomas M. Weber sind da. Das war 2019. Mr. Smith left.',
      ),
    ).toEqual([
      'Die Platte kommt am 20. Oktober.',
      'Dr. Krause und Thomas M. Weber sind da.',
      'Das war 2019.',
      'Mr. Smith left.',
    ]);
  });

  it('knows question types in German and English', () => {
    expect(questionType('Wer hat die Mail geschickt?')).toBe('sender');
    expect(questionType('Wer hat mir das Angebot für die Küchenrenovierung geschickt?')).toBe(
      'sender',
    );
    expect(questionType('Wer schrieb mir wegen der Fliesen?')).toBe('sender');
    expect(questionType('Wer hat die Einladung zur Mitgliederversammlung bekommen?')).toBe(
      'recipient',
    );
    // Another verb: what the mail says, not who sent it.
    expect(questionType('Wer hat Punkt 4 ergänzt?')).not.toBe('sender');
    expect(questionType('Who received the email?')).toBe('recipient');
    expect(questionType('Wann kommt der Fliesenleger?')).toBe('when');
    expect(questionType('What is the email address of Sara Klein?')).toBe('email-address');
    expect(questionType('Was steht im Anhang?')).toBe('attachment');
    expect(questionType('Wie hoch ist die Rechnung?')).toBe('amount');
    expect(questionType('Was kostet der Umbau?')).toBe('amount');
    expect(questionType('Wie viele Mails kamen?')).not.toBe('amount');
    expect(questionType('Welche Sendungsnummer hat mein Paket?')).toBe('number');
    expect(questionType('What is the tracking number?')).toBe('number');
  });

  it('answers a German invoice: the sum, the deadline, the day; never a closing', () => {
    const invoice: QaMail = {
      id: 7,
      subject: 'Rechnung Nr. 2026-117: Wartung Ihrer Heizung',
      body: 'Sehr geehrte Damen und Herren,\n\nfür die Wartung Ihrer Heizung am 28. Oktober berechnen wir 249,90 €. Der Betrag wird nicht abgebucht. Bitte überweisen Sie ihn bis zum 30. November 2026 auf das Konto DE02120300000000202051.\n\nMit freundlichen Grüßen\nSanitär Krause',
      from: person('Sanitär Krause', 'info@krause-haustechnik.de'),
      to: [person('', 'anna@beispiel.de')],
    };
    const answer = (question: string) => answerFromMail(question, invoice);
    expect(answer('Wie hoch ist die Rechnung von Sanitär Krause?')!.text).toBe(
      'Für die Wartung Ihrer Heizung am 28. Oktober berechnen wir 249,90 €.',
    );
    // "Heizungswartung" is the compound of the mail's "Wartung Ihrer Heizung".
    expect(answer('Bis wann muss ich die Heizungswartung bezahlen?')!.text).toContain(
      'bis zum 30. November 2026',
    );
    expect(answer('Welche Kontonummer steht in der Rechnung?')!.text).toBe(
      'DE02120300000000202051',
    );
    expect(answer('Wer hat die Rechnung geschickt?')!.text).toBe('Sanitär Krause');
    const greeting: QaMail = {
      id: 8,
      subject: 'Küchenumbau',
      body: 'Hallo Anna,\n\nder Schreiner hat sein Angebot geschickt. Es liegt bei 8.400 Euro.\n\nViele Grüße\nThomas',
      from: person('Thomas Weber', 'thomas.weber@web.de'),
      to: [person('Anna', 'anna@beispiel.de')],
    };
    expect(answerFromMail('Was kostet der Küchenumbau?', greeting)!.text).toBe(
      'Es liegt bei 8.400 Euro.',
    );
    // What Thomas wrote: the first sentence of substance, not "Hallo Anna," nor "Viele Grüße".
    expect(answerFromMail('Was hat Thomas geschrieben?', greeting)!.text).toBe(
      'Der Schreiner hat sein Angebot geschickt.',
    );
  });

  it('answers from the mail that holds the answer and quotes it', () => {
    const idx = index();
    const ask = (question: string) =>
      answerQuestion(
        question,
        idx.search(question, 3).map((hit) => MAILS.find((m) => m.id === hit.id)!),
      );
    const when = ask('Wann kommt der Fliesenleger?');
    expect(when).toMatchObject({ mailId: 2 });
    expect(when!.text).toContain('Donnerstag um 8:00 Uhr');
    expect(ask('What is the email address of Sara Klein?')).toMatchObject({
      mailId: 3,
      text: 'sara@example.org',
    });
    expect(ask('Welche Telefonnummer haben die Stadtwerke?')).toMatchObject({
      mailId: 1,
      text: '0800 330 1000',
    });
    expect(ask('Where does the team lunch take place?')!.quote).toContain('Blue Room');
  });

  it("finds a named person's address even when the name is also a German word", () => {
    const mail: QaMail = {
      id: 9,
      subject: '',
      body: 'Brad, please promote Tori.',
      from: person('Phillip K Allen', 'phillip.allen@enron.com'),
      to: [person('Brad McSherry', 'brad.mcsherry@enron.com')],
    };
    expect(answerFromMail('What is the email address of Phillip Allen?', mail)!.text).toBe(
      'phillip.allen@enron.com',
    );
    expect(answerFromMail('What is the email address of Brad McSherry?', mail)!.text).toBe(
      'brad.mcsherry@enron.com',
    );
  });

  it('describes an event only where a mail names an occasion', () => {
    expect(answerFromMail('What event is described?', MAILS[0]!)).toBeNull();
    expect(answerFromMail('What event is described?', MAILS[2]!)!.text).toContain(
      'team lunch will take place',
    );
  });

  it('says it found nothing rather than inventing an answer', () => {
    const idx = index();
    const question = 'Wann landet der Flug nach Lissabon?';
    const mails = idx.search(question, 3).map((hit) => MAILS.find((m) => m.id === hit.id)!);
    expect(answerQuestion(question, mails)).toBeNull();
    expect(answerQuestion('What is attached to the email?', [MAILS[1]!])).toBeNull();
  });
});
