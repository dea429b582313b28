import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/ai/local/categorize/calibrate.ts';
import { classify, FILE_THRESHOLD, linearScores } from '../../src/ai/local/categorize/classify.ts';
import {
  addExample,
  addToTable,
  buildBackground,
  createModel,
  docVector,
} from '../../src/ai/local/categorize/model.ts';
import { modelFromRows, modelToRows } from '../../src/ai/local/categorize/model-rows.ts';
import { fitPriorShift } from '../../src/ai/local/categorize/prior-shift.ts';
import { descriptionsMislead, selfTrain } from '../../src/ai/local/categorize/self-train.ts';
import { mailFeatures } from '../../src/ai/local/features.ts';

const categories = [
  { id: 1, name: 'Arbeit', description: 'Projekte, Termine und Besprechungen im Büro.' },
  { id: 2, name: 'Privat', description: 'Familie, Freunde, Urlaub und Freizeit.' },
];
const mail = (subject: string, body: string, fromAddress: string) =>
  mailFeatures({ subject, body, fromAddress });

const work = [
  ['Projektplan', 'Der Projektplan für das Quartal liegt im Büro.'],
  ['Besprechung Montag', 'Die Besprechung zum Projekt ist um neun.'],
  ['Termin Kunde', 'Der Kundentermin wurde verschoben.'],
  ['Sommerfest', 'Das Sommerfest der Abteilung ist am Freitag, bitte Salat mitbringen.'],
  ['Grillen', 'Wir grillen nach der Besprechung mit dem Team.'],
  ['Ausflug', 'Der Teamausflug geht an den See, Badesachen nicht vergessen.'],
  ['Urlaubsantrag', 'Ihr Urlaub im August ist genehmigt.'],
  ['Geburtstag', 'Kuchen für den Geburtstag von Frau Kern in der Küche.'],
].map(([subject, body], i) => mail(subject!, body!, `kollege${i % 3}@firma.de`));
const home = [
  ['Wochenende', 'Kommst du am Wochenende zum Essen?'],
  ['Urlaub', 'Die Ferienwohnung am Meer ist gebucht.'],
  ['Oma', 'Oma hat Geburtstag, wir treffen uns um drei.'],
  ['Kino', 'Gehen wir morgen ins Kino?'],
  ['Fotos', 'Hier die Fotos vom Ausflug an den See.'],
  ['Fußball', 'Training ist diesmal am Donnerstag.'],
  ['Grillabend', 'Grillabend bei uns im Garten, bring Freunde mit.'],
  ['Umzug', 'Hilfst du beim Umzug am Samstag?'],
].map(([subject, body], i) => mail(subject!, body!, `freund${i % 3}@gmx.de`));

/** Each example filed twice (calibration wants twenty at least). */
const filedTwice = () =>
  [1, 2].flatMap(() => [
    ...work.map((features) => ({ categoryId: 1, features })),
    ...home.map((features) => ({ categoryId: 2, features })),
  ]);

function model() {
  const m = createModel(categories);
  m.background = buildBackground([...work, ...home]);
  return m;
}

describe('local engine: filing gate and learning from examples', () => {
  it('refuses a confident guess of self-training that the descriptions do not back', () => {
    const m = model();
    const probe = mail('Besprechung', 'Termin für die Besprechung zum Projekt im Büro.', 'a@b.de');
    expect(classify(m, probe).categoryId).toBe(1);
    // Self-training drifted: mail like this one ended up, many times over, in 'Privat'.
    addToTable(m.auto.get(2)!, docVector(probe), 20_000);
    const result = classify(m, probe);
    expect(result.categoryId).toBe(2);
    // The self-trained model alone is sure; the descriptions say otherwise, so it stays unfiled.
    expect(result.ranking[0]!.probability).toBeGreaterThanOrEqual(FILE_THRESHOLD);
    expect(result.confidence).toBeLessThan(0.5);
  });

  it('learns a linear model from enough filed mail, and it changes the result', () => {
    const m = model();
    // By its words leisure ('Privat' by the descriptions); the user files such office mail
    // under 'Arbeit', and the sender tells them apart.
    const probe = mail('Sommerfest', 'Ausflug an den See, danach Urlaub.', 'kollege1@firma.de');
    expect(classify(m, probe).categoryId).toBe(2);
    const examples = filedTwice();
    for (const { categoryId, features } of examples) addExample(m, categoryId, features);
    calibrate(m, examples);
    expect(m.linear).toBeDefined();
    expect(m.linear!.weights.get('dom:firma.de')![0]!).toBeGreaterThan(0);
    const logits = linearScores(m, probe)!;
    expect(logits.get(1)!).toBeGreaterThan(logits.get(2)!);
    expect(classify(m, probe).categoryId).toBe(1);
  });

  it('stores the linear model as rows and classifies alike after loading them', () => {
    const m = model();
    const examples = filedTwice();
    for (const { categoryId, features } of examples) addExample(m, categoryId, features);
    calibrate(m, examples);
    const rows = JSON.parse(JSON.stringify(modelToRows(m))) as ReturnType<typeof modelToRows>;
    expect(rows.terms.some((row) => row.source === 'linear')).toBe(true);
    const rebuilt = modelFromRows(categories, rows);
    const probe = mail('Grillen im Büro', 'Nach dem Termin grillen wir mit Freunden.', 'x@y.de');
    expect(classify(rebuilt, probe)).toEqual(classify(m, probe));
    // Without a linear model the anchor's fitted temperature is kept all the same.
    const plain = model();
    plain.anchorTemperature = 2.5;
    const plainRows = modelToRows(plain);
    expect(modelFromRows(categories, plainRows).anchorTemperature).toBe(2.5);
    expect(modelFromRows(categories, plainRows).linear).toBeUndefined();
    // A category added since the linear model was trained: naive Bayes alone until the next run.
    const more = [...categories, { id: 3, name: 'Rechnungen', description: 'Rechnungen.' }];
    const grown = modelFromRows(more, rows);
    expect(classify(grown, probe).ranking).toHaveLength(3);
  });

  it("moves its prior towards the mailbox's shares, within bounds, and stores the shift", () => {
    const m = model();
    const examples = filedTwice();
    // Too few examples for a linear model: naive Bayes's prior from what the descriptions and
    // examples pick over the unfiled mail, stored like the shift and used before the temperature.
    fitPriorShift(m, () => [...work, ...work, ...work, ...home], examples.slice(0, 10));
    expect(m.linear).toBeUndefined();
    const counted = m.priorShift!;
    expect(counted.get(1)!).toBeGreaterThan(counted.get(2)!);
    const plainRows = JSON.parse(JSON.stringify(modelToRows(m))) as ReturnType<typeof modelToRows>;
    const plain = modelFromRows(categories, plainRows);
    expect(plain.priorShift).toEqual(counted);
    const probe0 = mail('Ausflug', 'Fotos vom Ausflug an den See.', 'x@y.de');
    expect(classify(plain, probe0)).toEqual(classify(m, probe0));
    const withoutPrior = classify({ ...m, priorShift: undefined }, probe0);
    const office = (c: typeof withoutPrior) =>
      c.ranking.find((r) => r.categoryId === 1)!.probability;
    expect(office(classify(m, probe0))).toBeGreaterThan(office(withoutPrior));
    for (const { categoryId, features } of examples) addExample(m, categoryId, features);
    calibrate(m, examples);
    const probe = mail('Ausflug', 'Fotos vom Ausflug an den See.', 'x@y.de');
    const before = classify(m, probe).ranking.find((r) => r.categoryId === 1)!.probability;
    // Filed half and half, but three of four unfiled mails are office mail.
    fitPriorShift(m, () => [...work, ...work, ...work, ...home], examples);
    const shift = m.priorShift!;
    expect(shift.get(1)!).toBeGreaterThan(0);
    expect(shift.get(2)!).toBeLessThan(0);
    for (const value of shift.values()) expect(Math.abs(value)).toBeLessThanOrEqual(Math.log(1.5));
    const after = classify(m, probe).ranking.find((r) => r.categoryId === 1)!.probability;
    expect(after).toBeGreaterThan(before);
    const rows = JSON.parse(JSON.stringify(modelToRows(m))) as ReturnType<typeof modelToRows>;
    const rebuilt = modelFromRows(categories, rows);
    expect(rebuilt.priorShift).toEqual(shift);
    expect(classify(rebuilt, probe)).toEqual(classify(m, probe));
  });

  it('starts self-training from the examples when the descriptions file them no better than guessing', () => {
    // The user means by 'Arbeit' what its description calls leisure, and the other way round.
    const swapped = [
      { ...categories[0]!, description: categories[1]!.description },
      { ...categories[1]!, description: categories[0]!.description },
    ];
    const misled = createModel(swapped);
    misled.background = buildBackground([...work, ...home]);
    const examples = filedTwice();
    expect(descriptionsMislead(misled, examples)).toBe(true);
    expect(descriptionsMislead(model(), examples)).toBe(false);
    // Ten examples cannot tell descriptions that mislead from a bad draw.
    expect(descriptionsMislead(misled, examples.slice(0, 5).concat(examples.slice(8, 13)))).toBe(
      false,
    );

    const unfiled = [
      mail('Quartalszahlen', 'Die Zahlen für das Projekt im Büro sind da.', 'kollege2@firma.de'),
      mail('Kundentermin', 'Besprechung mit dem Kunden am Dienstag.', 'kollege0@firma.de'),
      mail('Sonntag', 'Kommst du zum Essen mit der Familie?', 'freund1@gmx.de'),
      mail('Ferien', 'Fotos vom Urlaub am Meer.', 'freund2@gmx.de'),
    ];
    const trained = (examplesGiven: boolean) => {
      const m = createModel(swapped);
      m.background = buildBackground([...work, ...home, ...unfiled]);
      for (const { categoryId, features } of examples) addExample(m, categoryId, features);
      selfTrain(m, unfiled, examplesGiven ? { examples } : {});
      return m;
    };
    const fromExamples = trained(true);
    // Calibration will judge naive Bayes without self-training: every round saw the examples.
    expect([...fromExamples.anchoredAuto!.values()].every((t) => t.docs === 0)).toBe(true);
    // What self-training filed follows the user: the office mail (its domain) under 'Arbeit'.
    const office = (auto: Map<number, { terms: Map<string, number> }>) =>
      (auto.get(1)!.terms.get('dom:firma.de') ?? 0) - (auto.get(2)!.terms.get('dom:firma.de') ?? 0);
    expect(office(fromExamples.auto)).toBeGreaterThan(0);
    // Begun from the descriptions, their rounds had filed it under 'Privat'.
    expect(office(trained(false).anchoredAuto!)).toBeLessThan(0);
  });
});
