import type { ForwardedAttachment } from './attachments.ts';
import type { ComposeValues } from './compose-values.ts';

const PREFIX = 'brieftaube.compose:';
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What was written but is not on the server yet (its draft could not be saved: the mail server
 * down, the network gone, the tab closed first). Files the user added are too large for local
 * storage: only their names are kept, so that the user knows to add them again.
 */
export interface ComposeBackup {
  values: Omit<ComposeValues, 'attachments'>;
  html: string;
  draftId: number | null;
  forwarded: ForwardedAttachment[];
  attachmentNames: string[];
  savedAt: number;
}

/** One backup per user and compose screen (new mail, a reply to mail 12, draft 40 …). */
export const backupKey = (user: string, screen: string) => `${PREFIX}${user}:${screen}`;

function isBackup(value: unknown): value is ComposeBackup {
  const b = value as Partial<ComposeBackup> | null;
  return (
    !!b &&
    typeof b.html === 'string' &&
    typeof b.savedAt === 'number' &&
    !!b.values &&
    Array.isArray(b.values.to) &&
    Array.isArray(b.values.cc) &&
    Array.isArray(b.values.bcc) &&
    typeof b.values.subject === 'string' &&
    Array.isArray(b.forwarded) &&
    Array.isArray(b.attachmentNames)
  );
}

export function readBackup(key: string, now = Date.now()): ComposeBackup | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    if (!isBackup(parsed) || now - parsed.savedAt > MAX_AGE_MS) return null;
    return parsed;
  } catch {
    return null;
  }
}

export function writeBackup(key: string, backup: ComposeBackup): void {
  try {
    localStorage.setItem(key, JSON.stringify(backup));
  } catch {
    // Storage full or switched off: the server draft and the leave dialog are what is left.
  }
}

export function removeBackup(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored then either.
  }
}

/** On sign-out: what one user wrote is not left for the next person at this browser. */
export function removeAllBackups(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Nothing stored then either.
  }
}
