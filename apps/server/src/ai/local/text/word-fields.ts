// Word fields of everyday mail, German and English: the words people use around one concern
// ("Reise": Flug, Hotel, Bahn, Buchung …). A user describes a category in one sentence; the
// words of that sentence alone match only the mails that happen to use them. A field lets
// "Reisen" also reach a mail that only says "Ihr Flug nach Lissabon". Written from general
// knowledge of what mail is about, not from any evaluation corpus (ADR 0022); a word may sit in
// several fields. Lower case, as people write them; each is stemmed in its own language.

import { analyzeText } from './analyze.ts';
import type { Language } from './language.ts';

export interface WordField {
  de: string;
  en: string;
  /** Words of when, not of what: no query is widened by them ("Termin am Montag"). */
  time?: true;
}

const FIELDS: WordField[] = [
  // Money
  {
    de: 'rechnung abrechnung zahlung bezahlen betrag überweisung mahnung lastschrift fällig beleg quittung zahlungserinnerung',
    en: 'invoice bill billing payment pay amount due receipt statement charge overdue',
  },
  {
    de: 'bank konto kontoauszug kredit darlehen zinsen geld sparkasse depot aktie aktien börse fonds finanzen anlage',
    en: 'bank account loan credit interest money stock stocks shares fund finance investment portfolio savings',
  },
  {
    de: 'versicherung police schaden schadensmeldung beitrag haftpflicht krankenkasse tarif',
    en: 'insurance policy claim premium coverage deductible',
  },
  {
    de: 'steuer steuern finanzamt steuererklärung lohnsteuer steuerberater bescheid',
    en: 'tax taxes irs deduction accountant',
  },
  {
    de: 'budget kosten ausgaben kalkulation kostenvoranschlag planung prognose',
    en: 'budget cost costs expenses forecast estimate spending',
  },
  // Travel and getting about
  {
    de: 'reise reisen urlaub flug hotel buchung bahn zug ticket fahrkarte abflug ankunft koffer unterkunft ferien flughafen reiseplan',
    en: 'travel trip flight hotel booking reservation train ticket airport itinerary vacation holiday departure arrival airline',
  },
  {
    de: 'adresse ort anfahrt wegbeschreibung gebäude etage raum parkplatz',
    en: 'address location directions building floor room parking venue',
  },
  // Meetings, calls, time
  {
    de: 'termin treffen besprechung meeting sitzung konferenz tagesordnung kalender verschieben absagen uhrzeit einladung teilnehmen',
    en: 'meeting meet appointment schedule conference agenda calendar reschedule cancel invite attend available',
  },
  {
    de: 'anruf anrufen telefon telefonieren telefonkonferenz rückruf durchwahl',
    en: 'call phone telephone dial voicemail conference call',
  },
  {
    de: 'montag dienstag mittwoch donnerstag freitag samstag sonntag vormittag nachmittag morgen heute uhr',
    en: 'monday tuesday wednesday thursday friday saturday sunday morning afternoon tomorrow today noon',
    time: true,
  },
  {
    de: 'frist dringend spätestens deadline eilig',
    en: 'deadline urgent asap due soon',
    time: true,
  },
  // Work
  {
    de: 'unternehmen firma geschäft strategie markt kunde kunden umsatz projekt management vorstand geschäftsführung',
    en: 'company business corporate strategy market customer client revenue project management operations deal',
  },
  {
    de: 'handel preis preise angebot nachfrage lieferant einkauf verkauf',
    en: 'trading trade price prices supply demand volume supplier purchase sales',
  },
  {
    de: 'vertrag vereinbarung konditionen laufzeit kündigung verlängerung',
    en: 'contract agreement terms amendment clause renewal',
  },
  {
    de: 'recht gesetz anwalt gericht klage behörde verordnung regulierung genehmigung',
    en: 'legal law lawyer attorney court lawsuit regulation regulatory commission compliance filing',
  },
  {
    de: 'bericht zahlen ergebnis ergebnisse auswertung statistik tabelle analyse übersicht',
    en: 'report results numbers figures summary analysis data spreadsheet overview',
  },
  {
    de: 'präsentation folien vortrag',
    en: 'presentation slides deck talk',
  },
  {
    de: 'genehmigung freigabe unterschrift unterschreiben zustimmung',
    en: 'approval approve sign signature signed consent',
  },
  {
    de: 'entwurf dokument datei änderungen änderung korrektur überarbeitung version kommentar kommentare anmerkungen prüfen durchsehen',
    en: 'draft document file changes revision revised version comments edit edits review redline markup proofread',
  },
  {
    de: 'anhang anbei beigefügt anlage angehängt',
    en: 'attached attachment enclosed attach',
  },
  {
    de: 'bewerbung stelle stellenangebot vorstellungsgespräch lebenslauf gehalt einstellung praktikum karriere bewerber position',
    en: 'job application position interview resume candidate salary hire hiring recruit recruiting career internship opportunity',
  },
  {
    de: 'mitarbeiter personalabteilung arbeitsvertrag arbeitszeit urlaubsantrag kündigung ruhestand',
    en: 'employee staff hr payroll benefits relocation resignation retirement',
  },
  {
    de: 'empfehlung referenz zeugnis empfehlen',
    en: 'recommendation reference recommend referral',
  },
  {
    de: 'support problem fehler störung passwort zugang computer drucker software installation server netzwerk rechner laptop',
    en: 'support problem error issue password access computer printer software install server network laptop helpdesk outage',
  },
  {
    de: 'software programm code version update fehler patch release linux paket',
    en: 'software program code version update bug patch release linux package kernel compile',
  },
  {
    de: 'anmeldung passwort sicherheit bestätigung code konto login verifizierung',
    en: 'login password security verify verification confirm code account sign-in',
  },
  // People and private life
  {
    de: 'danke dank dankbar bedanken',
    en: 'thanks thank appreciate grateful gratitude',
  },
  {
    de: 'glückwunsch glückwünsche gratulieren gratulation geburtstag jubiläum hochzeit beförderung',
    en: 'congratulations congrats birthday wishes anniversary wedding promotion celebrate',
  },
  {
    de: 'abschied verabschieden ruhestand arbeitstag vermissen alles gute viel glück',
    en: 'farewell goodbye leaving retirement miss luck',
  },
  {
    de: 'beileid genesung besserung krank traurig',
    en: 'condolences sympathy sorry sick recovery',
  },
  {
    de: 'familie eltern mutter vater mama papa kinder kind sohn tochter bruder schwester oma opa frau mann freund freundin freunde baby',
    en: 'family mom dad mother father kids children child son daughter brother sister wife husband friend friends baby grandma',
  },
  {
    de: 'wochenende party feier fest grillen ausflug besuch',
    en: 'weekend party celebration visit trip fun',
  },
  {
    de: 'essen restaurant mittagessen abendessen frühstück kochen getränke',
    en: 'lunch dinner restaurant food breakfast drinks beer cook',
  },
  {
    de: 'einladung einladen veranstaltung feier anmeldung zusage absage',
    en: 'invitation invite event party celebration rsvp registration',
  },
  {
    de: 'sport fußball verein training spiel fitness mannschaft',
    en: 'sports football soccer game team golf gym tennis',
  },
  {
    de: 'musik konzert kino film theater serie',
    en: 'music concert movie film theater show',
  },
  {
    de: 'abwesenheit urlaub abwesend vertretung',
    en: 'vacation away absence leave office',
  },
  // Home, health, shopping
  {
    de: 'arzt ärztin praxis zahnarzt rezept krankenhaus untersuchung krankmeldung gesundheit',
    en: 'doctor dentist prescription hospital clinic health checkup',
  },
  {
    de: 'handwerker reparatur wohnung miete vermieter nebenkosten heizung sanitär renovierung umbau küche bad',
    en: 'repair apartment rent landlord plumber renovation kitchen bathroom house home',
  },
  {
    de: 'strom gas stadtwerke zählerstand abschlag energie heizkosten',
    en: 'electricity power gas utility energy meter',
  },
  {
    de: 'auto werkstatt inspektion reifen kfz führerschein',
    en: 'car vehicle garage mechanic tire inspection',
  },
  {
    de: 'schule lehrer kurs seminar studium universität prüfung hausaufgaben kita weiterbildung',
    en: 'school teacher course class university exam student training seminar',
  },
  {
    de: 'bestellung bestellt lieferung versand paket sendung zustellung retoure rücksendung kauf sendungsverfolgung',
    en: 'order ordered delivery shipping shipped package parcel tracking return purchase',
  },
  {
    de: 'newsletter angebot rabatt gutschein aktion sale abmelden werbung',
    en: 'newsletter offer discount coupon sale unsubscribe promotion',
  },
  {
    de: 'gewinn gewonnen gratis kostenlos millionen',
    en: 'winner won prize free cheap pills casino lottery million',
  },
  {
    de: 'amt behörde antrag bescheid formular bürgeramt',
    en: 'government agency application form permit',
  },
  {
    de: 'benachrichtigung kommentar folgen freundschaftsanfrage',
    en: 'notification commented liked followed',
  },
  {
    de: 'nachrichten politik wahl regierung',
    en: 'news politics election government',
  },
];

let index: Map<string, number[]> | undefined;
let members: Record<Language, string[]>[] = [];
/** Per field, its words as people write them (for the full-text index, which stems itself). */
let surface: string[][] = [];

/** Stem → the fields it belongs to, built once (a few hundred stems). */
function fieldIndex(): Map<string, number[]> {
  if (index) return index;
  const built = new Map<string, number[]>();
  members = FIELDS.map((field, id) => {
    const stems = { de: [] as string[], en: [] as string[] };
    for (const language of ['de', 'en'] as const)
      for (const { term } of analyzeText(field[language], { language, compounds: false }).terms) {
        if (!stems[language].includes(term)) stems[language].push(term);
        const ids = built.get(term) ?? [];
        if (!ids.includes(id)) built.set(term, [...ids, id]);
      }
    return stems;
  });
  surface = FIELDS.map((field) => [...new Set(`${field.de} ${field.en}`.split(/\s+/))]);
  index = built;
  return index;
}

/** The words, in `language`, of every field one of `terms` belongs to, but not `terms`. */
export function relatedTerms(terms: Iterable<string>, language: Language): Set<string> {
  const fields = fieldIndex();
  const own = new Set(terms);
  const related = new Set<string>();
  for (const term of own)
    for (const id of fields.get(term) ?? [])
      for (const member of members[id]![language]) if (!own.has(member)) related.add(member);
  return related;
}

/**
 * A query word's relatives for search: the stems (both languages, since a query is too short
 * to tell its language) and the written words of its topical fields, not the word itself.
 */
export function queryRelatives(stems: readonly string[]): { stems: string[]; words: string[] } {
  const fields = fieldIndex();
  const ids = new Set(
    stems.flatMap((term) => fields.get(term) ?? []).filter((id) => !FIELDS[id]!.time),
  );
  const related = new Set<string>();
  const words = new Set<string>();
  for (const id of ids) {
    for (const member of [...members[id]!.de, ...members[id]!.en])
      if (!stems.includes(member)) related.add(member);
    for (const word of surface[id]!) words.add(word);
  }
  return { stems: [...related], words: [...words] };
}
