import { brandOf, namesAnOrganisation } from './brand.ts';
import { telling } from './telling.ts';

export interface DescriptionHints {
  /** Typical senders of matching mail (addresses or domains), commonest first. */
  senders?: readonly string[];
  /** Typical words of matching mail, commonest first. */
  terms?: readonly string[];
}

// What common category names usually hold, so a suggestion is useful before any mail matches.
const KNOWN: [RegExp, string][] = [
  [/rechnung|invoice|abrechnung/i, 'Rechnungen, Zahlungsaufforderungen und Abrechnungen'],
  [/bank|finanz|geld|konto|depot/i, 'Kontoauszüge, Überweisungen und Nachrichten der Bank'],
  [
    /newsletter|werbung|angebot|marketing/i,
    'Newsletter, Werbung und Angebote von Shops und Diensten',
  ],
  [/reise|urlaub|flug|hotel|travel|buchung/i, 'Buchungsbestätigungen, Tickets und Reiseunterlagen'],
  [
    /bestell|shop|liefer|paket|versand|order/i,
    'Bestellbestätigungen, Versand- und Lieferinformationen',
  ],
  // Before "Arbeit": "Jobsuche" is about applying, not about the job.
  [
    /bewerbung|jobsuche|karriere|stellen/i,
    'Bewerbungen, Stellenangebote, Einladungen zu Gesprächen, Zu- und Absagen',
  ],
  [
    /arbeit|job|büro|projekt|work|kolleg/i,
    'Nachrichten zu Arbeit, Projekten und Terminen mit Kollegen',
  ],
  [/famil|freund|privat|personal/i, 'Persönliche Nachrichten von Familie und Freunden'],
  [/versicherung|insurance/i, 'Policen, Beitragsrechnungen und Schreiben der Versicherungen'],
  [/steuer|finanzamt|tax/i, 'Steuerbescheide, Belege und Schreiben des Finanzamts'],
  [/termin|kalender|einladung|meeting/i, 'Einladungen, Terminbestätigungen und Erinnerungen'],
  [/verein|club|sport/i, 'Nachrichten des Vereins: Termine, Mitgliedschaft und Neuigkeiten'],
  [/wohnung|miete|vermiet|haus|nebenkosten/i, 'Schreiben zu Miete, Nebenkosten und der Wohnung'],
  [/schule|kita|uni|studium/i, 'Nachrichten von Schule, Kita oder Hochschule'],
  [/spam|junk/i, 'Unerwünschte Werbung und verdächtige Nachrichten'],
  [
    /arzt|ärzt|gesundheit|kranken|praxis|doctor|health/i,
    'Termine, Befunde und Rechnungen von Ärzten, Praxen und der Krankenkasse',
  ],
  [/handwerk|renovier|umbau|sanierung/i, 'Angebote, Termine und Rechnungen von Handwerkern'],
  [/auto(?!mat)|kfz|fahrzeug|werkstatt/i, 'Werkstatt, TÜV, Leasing und alles andere rund ums Auto'],
  [
    /social|soziale|linkedin|facebook|instagram|xing/i,
    'Benachrichtigungen aus sozialen Netzwerken wie LinkedIn, Facebook oder Instagram',
  ],
  [
    /behörde|amt\b|ämter|bürgeramt|gemeinde/i,
    'Schreiben von Ämtern und Behörden: Bescheide, Anträge und Termine',
  ],
  [
    /vertr[aä]g|kündigung|abo|mobilfunk|strom/i,
    'Verträge, Kündigungen und Abos bei Anbietern wie Strom, Mobilfunk oder Streaming',
  ],
  [/hochzeit|feier|party|geburtstag/i, 'Einladungen, Planung und Absprachen für Feiern und Feste'],
];

const list = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} und ${items.at(-1)}` : (items[0] ?? '');

/**
 * A German sentence saying what belongs in a category, from its name alone or with the typical
 * senders and words of mail that already matches it. Pure and instant (no model, no I/O).
 */
export function suggestCategoryDescription(name: string, hints: DescriptionHints = {}): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  // Only where the name starts a word: "Gartenprojekt" is no work project.
  const known = KNOWN.find(([pattern]) =>
    new RegExp(`(?:^|[\\s/&-])(?:${pattern.source})`, 'i').test(clean),
  )?.[1];
  const what = known ?? `E-Mails rund um das Thema „${clean}“`;
  const senders = [
    ...new Set(
      (hints.senders ?? [])
        .filter((sender) => namesAnOrganisation(sender.split('@').pop() ?? sender))
        .map(brandOf),
    ),
  ]
    .filter(Boolean)
    .slice(0, 3);
  const terms = (hints.terms ?? []).filter(telling).slice(0, 3);
  let sentence = what;
  // "etwa", not "zum Beispiel": a company at beispiel.de made that "zum Beispiel von Beispiel".
  if (senders.length > 0) sentence += `, etwa von ${list(senders)}`;
  if (terms.length > 0)
    sentence += `${senders.length > 0 ? ';' : ','} typische Stichworte: ${list(terms)}`;
  return `${sentence}.`;
}
