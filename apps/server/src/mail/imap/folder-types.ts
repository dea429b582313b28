import type { FolderType } from '../../db/schema/folders.ts';

// Names that mark a folder's role where the server announces no SPECIAL-USE flag (RFC 6154).
// German and English names of the common clients and providers, compared case-insensitively on
// the last path segment.
const NAMES: Record<Exclude<FolderType, 'inbox' | 'custom' | 'other'>, string[]> = {
  sent: [
    'sent',
    'sent items',
    'sent messages',
    'sent mail',
    'gesendet',
    'gesendete objekte',
    'gesendete elemente',
    'gesendete nachrichten',
    'postausgang',
  ],
  drafts: ['drafts', 'draft', 'entwürfe', 'entwurf'],
  trash: [
    'trash',
    'deleted',
    'deleted items',
    'deleted messages',
    'bin',
    'papierkorb',
    'gelöschte objekte',
    'gelöschte elemente',
    'gelöscht',
  ],
  spam: [
    'junk',
    'spam',
    'junk e-mail',
    'junk-e-mail',
    'junk email',
    'bulk mail',
    'unerwünscht',
    'werbung',
  ],
  archive: ['archive', 'archiv', 'archives'],
};

const SPECIAL_USE: Record<string, FolderType> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Drafts': 'drafts',
  '\\Trash': 'trash',
  '\\Junk': 'spam',
  '\\Archive': 'archive',
};

// Virtual views that duplicate other folders (Gmail's "All Mail", "Starred", "Important"):
// shown, but not synced by default, or every message would be stored twice.
const VIRTUAL = new Set(['\\All', '\\Flagged', '\\Important']);

export interface FolderClassification {
  type: FolderType;
  syncEnabled: boolean;
  /** Typed by its name alone, not by a flag of the server. */
  guessed?: boolean;
}

interface FolderEntry {
  path: string;
  name: string;
  specialUse?: string | undefined;
  /** imapflow's word on where specialUse came from: 'extension' is the server's own flag. */
  specialUseSource?: string | undefined;
  flags: Set<string>;
}

/**
 * The special use the server announced (RFC 6154 or XLIST). imapflow also fills specialUse
 * from a folder's name, even a nested one ("Kunden/Gesendet") or an empty "Gesendet" beside a
 * full "Sent"; those guesses are made here, by classifyListing, with the whole listing in view.
 */
export function announcedSpecialUse(entry: FolderEntry): string | undefined {
  return entry.specialUseSource === 'name' ? undefined : entry.specialUse;
}

export function classifyFolder(entry: FolderEntry): FolderClassification {
  if (entry.path.toUpperCase() === 'INBOX') return { type: 'inbox', syncEnabled: true };
  if (entry.flags.has('\\Noselect') || entry.flags.has('\\NonExistent'))
    return { type: 'other', syncEnabled: false };
  const special =
    announcedSpecialUse(entry) ?? [...entry.flags].find((f) => f in SPECIAL_USE || VIRTUAL.has(f));
  if (special && VIRTUAL.has(special)) return { type: 'other', syncEnabled: false };
  if (special && SPECIAL_USE[special]) return { type: SPECIAL_USE[special], syncEnabled: true };
  const name = entry.name.trim().toLowerCase();
  for (const [type, names] of Object.entries(NAMES)) {
    if (names.includes(name)) return { type: type as FolderType, syncEnabled: true, guessed: true };
  }
  return { type: 'custom', syncEnabled: true };
}

interface ListedFolder extends FolderEntry {
  parentPath?: string | undefined;
  status?: { messages?: number | undefined } | undefined;
}

/**
 * Types for a whole listing. A name says what a folder is for only where the server says nothing
 * else: once a folder carries the \\Sent flag, a folder the user named "Gesendet" is the user's
 * own; names count at the top level (or directly below INBOX, as Courier-style servers nest
 * everything) and for one folder per type, so "Projekte/Archiv" stays a project folder.
 */
export function classifyListing(
  listed: readonly ListedFolder[],
): Map<string, FolderClassification> {
  const result = new Map(listed.map((entry) => [entry.path, classifyFolder(entry)]));
  const flagged = new Set([...result.values()].filter((c) => !c.guessed).map((c) => c.type));
  const taken = new Set<FolderType>();
  // Of two unflagged "Sent" and "Gesendet", the one in use.
  const byDepth = [...listed].sort(
    (a, b) =>
      depth(a) - depth(b) ||
      (b.status?.messages ?? 0) - (a.status?.messages ?? 0) ||
      a.path.localeCompare(b.path),
  );
  for (const entry of byDepth) {
    const c = result.get(entry.path)!;
    if (!c.guessed) continue;
    const topLevel = !entry.parentPath || entry.parentPath.toUpperCase() === 'INBOX';
    if (flagged.has(c.type) || taken.has(c.type) || !topLevel)
      result.set(entry.path, { type: 'custom', syncEnabled: true });
    else taken.add(c.type);
  }
  return result;
}

const depth = (entry: ListedFolder) => (entry.parentPath ? entry.parentPath.length + 1 : 0);

const GERMAN_NAMES: Partial<Record<FolderType, string>> = {
  inbox: 'Posteingang',
  sent: 'Gesendet',
  drafts: 'Entwürfe',
  archive: 'Archiv',
  spam: 'Spam',
  trash: 'Papierkorb',
};

/** What the user sees: the German name of a system folder, otherwise the folder's own name. */
export function displayNameFor(type: FolderType, name: string): string {
  return GERMAN_NAMES[type] ?? name;
}

/** The system folder types whose German name is `name` ("gesendet" → sent), for filters. */
export function typesNamed(name: string): FolderType[] {
  const wanted = name.trim().toLocaleLowerCase('de');
  return (Object.entries(GERMAN_NAMES) as [FolderType, string][])
    .filter(([, german]) => german.toLocaleLowerCase('de') === wanted)
    .map(([type]) => type);
}

/** Spec §2: inbox, sent, drafts, archive, spam, trash, custom, other; then by name. */
export const FOLDER_TYPE_ORDER: FolderType[] = [
  'inbox',
  'sent',
  'drafts',
  'archive',
  'spam',
  'trash',
  'custom',
  'other',
];
