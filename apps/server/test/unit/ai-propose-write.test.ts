import { describe, expect, it } from 'vitest';
import { proposeCategories } from '../../src/ai/local/cluster/propose.ts';
import { suggestCategoryDescription } from '../../src/ai/local/describe/category-description.ts';
import { learnStyle, suggestReply } from '../../src/ai/local/writing/suggest.ts';

const invoices = Array.from({ length: 6 }, (_, i) => ({
  id: i + 1,
  subject: `Ihre Rechnung für ${['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni'][i]}`,
  body: `Guten Tag, Ihre Rechnung Nummer ${1000 + i} ist online. Der Rechnungsbetrag wird abgebucht.`,
  fromAddress: 'rechnung@telekom.de',
}));
const trips = Array.from({ length: 6 }, (_, i) => ({
  id: i + 100,
  subject: `Buchungsbestätigung Hotel ${['Rom', 'Paris', 'Wien', 'Prag', 'Lissabon', 'Oslo'][i]}`,
  body: `Ihre Reise ist gebucht: Flug, Hotel und Transfer. Buchungsnummer ${200 + i}.`,
  fromAddress: `noreply@${['booking.com', 'expedia.de', 'hrs.de', 'booking.com', 'airbnb.de', 'tui.com'][i]}`,
}));

describe('local engine: proposals and writing', () => {
  it('proposes clusters with names a person would choose', () => {
    const proposals = proposeCategories([...invoices, ...trips], 2);
    expect(proposals).toHaveLength(2);
    const names = proposals.map((p) => p.name);
    expect(names).toContain('Rechnung Telekom');
    const trip = proposals.find((p) => p.emailIds.includes(100))!;
    expect(trip.emailIds.sort((a, b) => a - b)).toEqual([100, 101, 102, 103, 104, 105]);
    expect(trip.name).not.toMatch(/Telekom/);
    for (const p of proposals) expect(p.description).toMatch(/^E-Mails .+\.$/);
  });

  it('names no cluster after a month or a weekday, however often it comes', () => {
    const monthly = Array.from({ length: 8 }, (_, i) => ({
      id: i + 300,
      subject: `Ihre Rechnung für November #${i}`,
      body: 'Hallo, anbei die Rechnung für November.',
      fromAddress: `kunde${i}@beispiel.de`,
    }));
    const weekly = Array.from({ length: 8 }, (_, i) => ({
      id: i + 400,
      subject: `Meeting notes from Tuesday #${i}`,
      body: 'Hello, the meeting notes from Tuesday are attached.',
      fromAddress: `team${i}@example.org`,
    }));
    const proposals = proposeCategories([...monthly, ...weekly], 2);
    expect(proposals.length).toBeGreaterThan(0);
    for (const p of proposals) expect(`${p.name} ${p.description}`).not.toMatch(/November|Tuesday/);
  });

  it('names no cluster after a person, nor after the company everyone writes from', () => {
    const colleagues = ['steven.kean', 'vince.kaminski'];
    const mails = Array.from({ length: 16 }, (_, i) => {
      const budget = i % 2 === 0;
      const who = colleagues[i % 4 < 2 ? 0 : 1]!;
      const first = who.split('.')[0]!;
      return {
        id: i + 1,
        subject: budget ? `Budget ${2026 + (i % 3)} Entwurf` : `Betriebsausflug Planung ${i}`,
        body: budget
          ? `Hallo, anbei das Budget mit den Zahlen für Vertrieb und Einkauf. Gruß ${first[0]!.toUpperCase()}${first.slice(1)}`
          : `Hallo, für den Betriebsausflug fehlt noch der Bus. Gruß ${first[0]!.toUpperCase()}${first.slice(1)}`,
        fromAddress: `${who}@firma.de`,
        fromName: who.replace('.', ' '),
      };
    });
    const proposals = proposeCategories(mails, 4);
    expect(proposals.length).toBeGreaterThan(0);
    const names = proposals.map((p) => p.name);
    for (const name of names) expect(name).not.toMatch(/Steven|Vince|Kean|Kaminski|Firma/);
    // Clusters a person would name alike are one proposal.
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names.some((n) => n.startsWith('Budget'))).toBe(true);
  });

  it("names no cluster after a domain people write from with their own names, nor the user's own", () => {
    // One person of a shop writing from numbered addresses, and the user's colleagues.
    const shop = Array.from({ length: 8 }, (_, i) => ({
      id: i + 500,
      subject: `Einladung zum Sommerfest #${i}`,
      body: 'Hallo, wir laden zum Sommerfest im Garten ein. Einladung folgt.',
      fromAddress: `s.schmidt${i % 4}@example.com`,
      fromName: 'Sarah Schmidt',
    }));
    const team = Array.from({ length: 8 }, (_, i) => ({
      id: i + 600,
      subject: `Protokoll der Teambesprechung ${i}`,
      body: 'Anbei das Protokoll der Teambesprechung mit den Aufgaben.',
      fromAddress: i % 2 ? 'team@beispiel.de' : 'buero@beispiel.de',
    }));
    const proposals = proposeCategories([...shop, ...team], 2, 3, new Set(['beispiel.de']));
    expect(proposals).toHaveLength(2);
    for (const p of proposals) expect(`${p.name} ${p.description}`).not.toMatch(/Example|Beispiel/);
    expect(proposals.map((p) => p.name).sort()).toEqual(
      ['Protokoll und Teambesprechung', 'Einladung und Sommerfest'].sort(),
    );
  });

  it('writes in the register, greeting and closing the user used before', () => {
    const input = {
      toRecipients: ['thomas@example.com'],
      recipientNames: ['Thomas Berger'],
      subject: 'AW: Umbau Küche',
      context: 'Hallo Anna, kannst du mir sagen, wann der Fliesenleger kommt?',
      sent: [
        {
          to: ['thomas@example.com'],
          body: 'Servus Thomas,\n\nich schicke dir die Pläne morgen.\n\nLiebe Grüße\nAnna',
        },
        {
          to: ['chef@example.com'],
          body: 'Sehr geehrter Herr Maier,\n\nanbei die Unterlagen.\n\nMit freundlichen Grüßen',
        },
      ],
      userName: 'Anna',
    };
    expect(learnStyle(input)).toEqual({
      language: 'de',
      register: 'Du',
      greeting: 'Servus Thomas,',
      closing: 'Liebe Grüße',
    });
    const reply = suggestReply(input);
    expect(reply.startsWith('Servus Thomas,')).toBe(true);
    expect(reply).toContain('danke für deine Nachricht zu „Umbau Küche“');
    expect(reply).toContain('Deine Frage „kannst du mir sagen, wann der Fliesenleger kommt?“');
    expect(reply.endsWith('Liebe Grüße\nAnna')).toBe(true);
  });

  it('reads the register from what the user wrote, not from what they quoted', () => {
    const style = learnStyle({
      toRecipients: ['julia.wagner@beispiel.de'],
      subject: 'Protokoll',
      context: 'Danke für das Protokoll, ich',
      sent: [
        {
          to: ['julia.wagner@beispiel.de'],
          body: 'Hallo Julia,\n\ndanke dir, passt so.\n\nViele Grüße\n\nAm 3.12. schrieb Julia Wagner:\n> könnten Sie mir Ihre Punkte bis Freitag schicken? Ihre Julia',
        },
      ],
    });
    expect(style).toMatchObject({
      register: 'Du',
      greeting: 'Hallo Julia,',
      closing: 'Viele Grüße',
    });
  });

  it('answers a thread that says "ihr" / "eure" with Du', () => {
    const reply = suggestReply({
      toRecipients: ['julia@example.de'],
      subject: 'AW: Protokoll',
      context:
        '\nAm 6. Dezember 2026 um 16:34 schrieb Julia <julia@example.de>:\n> Hallo zusammen,\n> bitte ergänzt bis Freitag eure Punkte.\n> Julia',
      sent: [
        { to: ['julia@example.de'], body: 'Hallo Julia,\n\nhier die Unterlagen.\n\nViele Grüße' },
      ],
    });
    expect(reply).toMatch(/^Hallo Julia,\n\ndanke für deine Nachricht/);
    expect(reply).not.toMatch(/\b(Ihnen|Ihre)\b/);
  });

  it("writes formally to someone it has no mail to, and in the thread's language", () => {
    const german = suggestReply({
      toRecipients: ['neu@example.de'],
      subject: 'AW: Angebot',
      context: 'Sehr geehrte Frau Weber, können Sie uns ein Angebot schicken?',
      sent: [],
    });
    expect(german).toMatch(/^Guten Tag,\n\nvielen Dank für Ihre Nachricht/);
    // The question without the greeting before it.
    expect(german).toContain('Ihre Frage „können Sie uns ein Angebot schicken?“ kläre ich');
    expect(german).toContain('Mit freundlichen Grüßen');
    const english = suggestReply({
      toRecipients: ['bob@example.org'],
      subject: 'Re: Meeting',
      context: 'Could you send me the slides for the meeting?',
      sent: [],
    });
    expect(english).toMatch(/^Hello,\n\nthank you for your message about "Meeting"/);
    // Signed "Thanks,\nJohn": greeted by name.
    expect(
      suggestReply({
        toRecipients: ['john@example.org'],
        subject: 'Re: slides',
        context: 'Hi Anna,\n\ncould you send me the slides?\n\nThanks,\nJohn',
        sent: [],
      }),
    ).toMatch(/^Hello John,\n\n.*"could you send me the slides\?"/);
  });

  it('continues a new mail the user is writing instead of answering it', () => {
    const sent = [
      { to: ['vermieter@example.de'], body: 'Guten Tag Herr Schulz,\n\n…\n\nBeste Grüße\nKatrin' },
    ];
    const draft = suggestReply({
      toRecipients: ['vermieter@example.de'],
      subject: 'Heizung in der Wohnung',
      context: 'die Heizung im Bad wird seit Montag nicht mehr warm.',
      sent,
      userName: 'Katrin',
    });
    expect(draft).toBe(
      'Guten Tag Herr Schulz,\n\ndie Heizung im Bad wird seit Montag nicht mehr warm.\n\nFür Rückfragen stehe ich Ihnen gern zur Verfügung.\n\nBeste Grüße\nKatrin',
    );
    expect(draft).not.toContain('Dank für Ihre Nachricht');
    // Nothing written yet: a start on the subject, not thanks for a message nobody sent.
    expect(
      suggestReply({ toRecipients: ['x@example.de'], subject: 'Treffen', context: '', sent: [] }),
    ).toBe(
      'Guten Tag,\n\nich melde mich bei Ihnen wegen „Treffen“.\n\nFür Rückfragen stehe ich Ihnen gern zur Verfügung.\n\nMit freundlichen Grüßen',
    );
  });

  it('suggests a German description from the name alone or with matching mail', () => {
    expect(suggestCategoryDescription('Rechnungen')).toBe(
      'Rechnungen, Zahlungsaufforderungen und Abrechnungen.',
    );
    expect(suggestCategoryDescription('Arzt')).toBe(
      'Termine, Befunde und Rechnungen von Ärzten, Praxen und der Krankenkasse.',
    );
    // "Jobsuche" is about applying, "Automatisierung" is no car.
    expect(suggestCategoryDescription('Jobsuche')).toMatch(/^Bewerbungen, Stellenangebote/);
    expect(suggestCategoryDescription('Automatisierung')).toBe(
      'E-Mails rund um das Thema „Automatisierung“.',
    );
    expect(suggestCategoryDescription('Gartenprojekt')).toBe(
      'E-Mails rund um das Thema „Gartenprojekt“.',
    );
    expect(
      suggestCategoryDescription('Telekom', {
        senders: ['rechnung@telekom.de', 'info@telekom.de'],
        terms: ['Rechnung', 'Vertrag'],
      }),
    ).toBe(
      'E-Mails rund um das Thema „Telekom“, etwa von Telekom; typische Stichworte: Rechnung und Vertrag.',
    );
    // Freemail and example senders name no organisation; pronouns and months are no keywords.
    expect(
      suggestCategoryDescription('Rechnungen', {
        senders: ['gmx.de', 'example.org', 'mail.stadtwerke-leipzig.de'],
        terms: ['Ihre', 'November', 'Your', 'Mahnung', '2026', 'Strom'],
      }),
    ).toBe(
      'Rechnungen, Zahlungsaufforderungen und Abrechnungen, etwa von Stadtwerke Leipzig; typische Stichworte: Mahnung und Strom.',
    );
    // Colleagues at beispiel.de: the sentence names them once, not "zum Beispiel von Beispiel".
    expect(suggestCategoryDescription('Arbeit', { senders: ['thomas.weber@beispiel.de'] })).toBe(
      'Nachrichten zu Arbeit, Projekten und Terminen mit Kollegen, etwa von Beispiel.',
    );
  });
});
