import type { EmailListItem } from '@brieftaube/shared';

const NAMES = [
  'Julia Wagner',
  'Thomas Müller',
  'Sarah Schmidt',
  'Stadtwerke Leipzig',
  'Deutsche Bahn',
  'Jörg Weiß',
  '',
];
const SUBJECTS = [
  'Ihre Rechnung für November',
  'Protokoll der Teambesprechung',
  'AW: Angebot für die Küchenrenovierung',
  'Einladung zum Sommerfest',
  'Reiseunterlagen: Zugfahrt nach München',
  'Newsletter: Neuigkeiten aus dem Verein',
];
const FOLDERS = [
  ['inbox', 'Posteingang'],
  ['sent', 'Gesendet'],
  ['custom', 'Projekte'],
] as const;

/** `count` list rows, newest first, one a minute apart, with every kind of row decoration. */
export function syntheticEmails(count: number, now = Date.now()): EmailListItem[] {
  return Array.from({ length: count }, (_, i) => {
    const [folderType, folderName] = FOLDERS[i % 17 === 0 ? 1 : i % 11 === 0 ? 2 : 0];
    const name = NAMES[i % NAMES.length]!;
    const address = `absender${i % 97}@beispiel.de`;
    return {
      id: i + 1,
      account: 1 + (i % 2),
      account_email: i % 2 ? 'privat@beispiel.de' : 'arbeit@beispiel.de',
      folder: 1,
      folder_name: folderName,
      folder_type: folderType,
      subject: `${SUBJECTS[i % SUBJECTS.length]} #${count - i}`,
      from_name: name,
      from_address: address,
      to: [{ name: 'Empfängerin', address: 'empfaengerin@beispiel.de' }],
      date: new Date(now - i * 60_000).toISOString(),
      preview: `Hallo, anbei die Informationen zu Vorgang ${count - i}. Bitte prüfen Sie die Angaben bis Freitag und melden Sie sich bei Rückfragen. Viele Grüße`,
      is_read: i % 3 !== 0,
      is_flagged: i % 13 === 0,
      is_answered: i % 7 === 0,
      has_attachments: i % 5 === 0,
      category: i % 4 === 0 ? 1 + (i % 5) : null,
      category_source: i % 4 === 0 ? 'ai' : null,
      category_confidence: i % 4 === 0 ? 0.9 + (i % 10) / 100 : null,
      thread_id: null,
      size: 2048 + i,
    };
  });
}
