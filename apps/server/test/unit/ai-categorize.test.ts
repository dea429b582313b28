import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/ai/local/categorize/calibrate.ts';
import { classify, FILE_THRESHOLD } from '../../src/ai/local/categorize/classify.ts';
import {
  linearLogits,
  linearVector,
  softmaxArray,
  trainLinear,
} from '../../src/ai/local/categorize/linear.ts';
import { addExample, buildBackground, createModel } from '../../src/ai/local/categorize/model.ts';
import { modelFromRows, modelToRows } from '../../src/ai/local/categorize/model-rows.ts';
import { autoRows, selfTrain } from '../../src/ai/local/categorize/self-train.ts';
import { mailFeatures } from '../../src/ai/local/features.ts';
import { stem } from '../../src/ai/local/text/stem.ts';

const categories = [
  {
    id: 1,
    name: 'Rechnungen',
    description: 'Rechnungen, Mahnungen und Zahlungen für Strom, Telefon und Einkäufe.',
  },
  {
    id: 2,
    name: 'Reisen',
    description: 'Flüge, Bahntickets, Hotels und Buchungsbestätigungen für den Urlaub.',
  },
];
const mail = (subject: string, body: string, fromAddress = 'someone@example.org') =>
  mailFeatures({ subject, body, fromAddress });

const mails = [
  mail('Ihre Stromrechnung', 'Der Betrag von 80 Euro wird abgebucht.', 'rechnung@stadtwerke.de'),
  mail(
    'Rechnung Oktober',
    'Ihre Telefonrechnung steht bereit. Zahlung bis 15.11.',
    'rechnung@telekom.de',
  ),
  mail('Mahnung', 'Bitte zahlen Sie den offenen Betrag.', 'inkasso@example.de'),
  mail(
    'Ihre Flugbuchung',
    'Flug nach Lissabon, Abflug 7:30, Hotel inklusive.',
    'booking@lufthansa.com',
  ),
  mail(
    'Hotelbestätigung',
    'Ihr Zimmer in Rom ist gebucht. Anreise Freitag.',
    'noreply@booking.com',
  ),
  mail('Bahnticket', 'Ihr Ticket für den ICE nach Hamburg.', 'buchung@bahn.de'),
];

function model() {
  const m = createModel(categories);
  m.background = buildBackground(mails);
  return m;
}

describe('local engine: categorisation', () => {
  it('files by description alone (zero-shot)', () => {
    const m = model();
    expect(classify(m, mail('Neue Rechnung', 'Ihre Rechnung für Strom ist da.')).categoryId).toBe(
      1,
    );
    expect(
      classify(m, mail('Buchungsbestätigung', 'Ihr Flug und das Hotel sind gebucht.')).categoryId,
    ).toBe(2);
  });

  it("reaches mail through the description's word fields, in the description's language", () => {
    const [travel, family] = [
      { id: 1, name: 'Reisen', description: 'Urlaub und Reisen.' },
      { id: 2, name: 'Familie', description: 'Post von den Eltern und Geschwistern.' },
    ];
    const seed = createModel([travel, family]).seeds;
    // "Fahrkarte", "Koffer" and "Flughafen" are in no description: only the travel field has them.
    for (const word of ['fahrkart', 'koff', 'flughaf']) expect(seed.get(1)!.has(word)).toBe(true);
    expect(seed.get(1)!.has('flight')).toBe(false);
    expect(seed.get(2)!.has('fahrkart')).toBe(false);
    // A field's words weigh far less than the description's own.
    expect(seed.get(1)!.get('fahrkart')!).toBeLessThan(seed.get(1)!.get('urlaub')! / 10);
    const m = createModel([travel, family]);
    m.background = buildBackground([]);
    const ticket = mail('Ihre Fahrkarte', 'Die Fahrkarte liegt bei, gute Fahrt zum Flughafen.');
    expect(classify(m, ticket).categoryId).toBe(1);
  });

  it('learns from one filed mail at once, sender included, and forgets it when taken back', () => {
    const m = model();
    const parcel = mail('Ihr Paket', 'Sendung 123 kommt morgen.', 'paket@dhl.de');
    const next = mail('Sendungsstatus', 'Zustellung heute.', 'paket@dhl.de');
    const before = classify(m, next).ranking.find((r) => r.categoryId === 1)!.probability;
    const rows = addExample(m, 1, parcel);
    expect(rows.some((row) => row.term === 'dom:dhl.de' && row.delta > 0)).toBe(true);
    const after = classify(m, next).ranking.find((r) => r.categoryId === 1)!.probability;
    expect(after).toBeGreaterThan(before);
    addExample(m, 1, parcel, -1);
    expect(m.user.get(1)!.terms.size).toBe(0);
    expect(classify(m, next).ranking.find((r) => r.categoryId === 1)!.probability).toBeCloseTo(
      before,
      10,
    );
  });

  it('self-trains deterministically on unfiled mail', () => {
    const a = model();
    const b = model();
    selfTrain(a, mails);
    selfTrain(b, mails);
    expect(autoRows(a)).toEqual(autoRows(b));
    expect(autoRows(a).length).toBeGreaterThan(0);
  });

  it('classifies a mail in well under 5 ms and gives a probability', () => {
    const m = model();
    selfTrain(m, mails);
    const result = classify(m, mails[0]!);
    expect(result.ranking.reduce((sum, r) => sum + r.probability, 0)).toBeCloseTo(1, 10);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(FILE_THRESHOLD).toBe(0.9);
  });

  it("fits its temperature to the user's filed mail", () => {
    const m = model();
    const examples = mails.flatMap((features, i) => [{ categoryId: i < 3 ? 1 : 2, features }]);
    // Twenty examples at least: fewer, and the defaults stand.
    const filed = [...examples, ...examples, ...examples, ...examples];
    for (const e of filed) addExample(m, e.categoryId, e.features);
    const temperature = calibrate(m, filed);
    expect(temperature).not.toBe(8);
  });

  it('is stored as rows and rebuilt identically from them', () => {
    const m = model();
    addExample(m, 1, mails[0]!);
    addExample(m, 2, mails[3]!);
    selfTrain(m, mails.slice(1, 3).concat(mails.slice(4)));
    m.temperature = 3;
    const rows = JSON.parse(JSON.stringify(modelToRows(m))) as ReturnType<typeof modelToRows>;
    const rebuilt = modelFromRows(categories, rows);
    const probe = mail('Rechnung und Flug', 'Ihre Buchung und die Rechnung dazu.');
    expect(classify(rebuilt, probe)).toEqual(classify(m, probe));
    // A category deleted since leaves its rows unused.
    const one = modelFromRows(categories.slice(0, 1), rows);
    expect(classify(one, probe).ranking.map((r) => r.categoryId)).toEqual([1]);
  });

  it('reads mail about "constructor" and "__proto__" like any other words', () => {
    const m = model();
    const features = mail(
      'constructor toString',
      'Override __proto__ and valueOf in the constructor.',
    );
    expect(features[stem('constructor', 'en')]).toBeGreaterThan(0);
    const result = classify(m, features);
    expect(Number.isFinite(result.confidence)).toBe(true);
    expect(result.ranking.every((r) => Number.isFinite(r.probability))).toBe(true);
  });
  it('reads "replies" and "attachments" in a description as properties of mail', () => {
    expect(mail('AW: Gartenfest', 'Gern, ich bringe Salat mit.')['is:reply']).toBe(1);
    expect(mail('[verein] Re: Gartenfest', 'Ja.')['is:reply']).toBe(1);
    expect(mail('Rechnung', 'Reply to this mail to unsubscribe.')['is:reply']).toBeUndefined();
    const seeded = createModel([
      { id: 1, name: 'Gespräche', description: 'Antworten von Freunden auf meine Nachrichten.' },
      { id: 2, name: 'Werbung', description: 'Angebote und Rabatte von Shops.' },
      { id: 3, name: 'Belege', description: 'Mails mit Anhang, etwa PDF-Dateien.' },
    ]);
    seeded.background = buildBackground(mails);
    // Neither text shares a word with its category's description: only the property can tell.
    const reply = mailFeatures({
      subject: 'Re: Samstag',
      body: 'Klingt gut, bis dann!',
      fromAddress: 'a@example.org',
      isReply: true,
    });
    const attached = mailFeatures({
      subject: 'Scan',
      body: 'Siehe unten.',
      fromAddress: 'b@example.org',
      hasAttachments: true,
    });
    expect(classify(seeded, reply).categoryId).toBe(1);
    expect(classify(seeded, attached).categoryId).toBe(3);
    expect(
      classify(seeded, mail('Sommer-Sale', 'Nur heute 30 % Rabatt auf alles.')).categoryId,
    ).toBe(2);
  });

  it('reads a mail without words of its own as empty, Lotus Notes forwards included', () => {
    const notes =
      'fyi\n---------------------- Forwarded by Anna Muster/HOU/ECT on 08/01/2000 09:24 \n' +
      'AM ---------------------------\n\nBob Beispiel@ENRON\n07/31/2000 11:49 AM\n' +
      'To: Anna Muster/HOU/ECT@ECT\ncc:\nSubject: Quarterly figures\n\n' +
      'The quarterly figures for the trading desk are attached, please review them soon.';
    expect(mail('Quarterly figures', notes)['is:empty']).toBe(1);
    const quoted =
      'Thanks!\n\n\tJeff Dasovich\n\tSent by: Jeff Dasovich\n' +
      '\t10/02/2000 05:53 PM\n\n\t\t To: skean@enron.com\n\t\t cc:\n\t\t Subject: Letter';
    expect(mail('Re: Letter', quoted)['is:empty']).toBe(1);
    expect(mail('Fwd: Bericht', '')['is:empty']).toBe(1);
    expect(
      mail('Bericht', 'Anbei der Bericht für das dritte Quartal.')['is:empty'],
    ).toBeUndefined();
  });

  it('keeps mail with text out of a category described as mail without text', () => {
    const seeded = createModel([
      { id: 1, name: 'Leer', description: 'Leere Mails ohne Text.' },
      { id: 2, name: 'Handel', description: 'Geschäfte, Märkte und Verträge der Firma.' },
    ]);
    const forwarded = (subject: string) =>
      mail(subject, `----- Weitergeleitet von Anna Muster am 03.03.2026 10:15 -----\n${subject}`);
    const all = [
      forwarded('Quartalszahlen Strom'),
      forwarded('Quartalszahlen Gas'),
      mail('Quartalszahlen Öl', 'Die Quartalszahlen für Öl liegen vor, bitte prüfen.'),
      mail('Vertrag', 'Der Vertrag mit dem Händler ist unterschrieben.'),
    ];
    seeded.background = buildBackground(all);
    // The user filed forwards about quarterly figures as empty: a mail that says something about
    // quarterly figures is still not empty.
    addExample(seeded, 1, all[0]!);
    addExample(seeded, 1, all[1]!);
    expect(all[2]!['is:empty']).toBeUndefined();
    expect(classify(seeded, all[2]!).categoryId).toBe(2);
    expect(classify(seeded, forwarded('Quartalszahlen Kohle')).categoryId).toBe(1);
  });

  it("gives a small category's few examples more weight in the linear model", () => {
    // 40 filed mails of one category, 4 of the other: unweighted, the model learns the 10:1
    // share and hardly names the small one (0.95 / 0.066 below).
    const examples = [
      ...Array.from({ length: 40 }, (_, i) => ({
        categoryId: 1,
        features: { rechnung: 1, betrag: 1, [`w${i}`]: 1 },
      })),
      ...Array.from({ length: 4 }, (_, i) => ({
        categoryId: 2,
        features: { betrag: 1, reise: 1, [`v${i}`]: 1 },
      })),
    ];
    const background = buildBackground(examples.map(({ features }) => features));
    const linear = trainLinear([1, 2], examples, background);
    const small = (features: Record<string, number>) =>
      softmaxArray(linearLogits(linear, linearVector(features, background)))[1]!;
    expect(small({ rechnung: 1, reise: 1 })).toBeGreaterThan(0.97);
    expect(small({ betrag: 1, neu: 1 })).toBeGreaterThan(0.075);
    expect(small({ betrag: 1, neu: 1 })).toBeLessThan(0.5);
  });
});
