import { ErrorCode } from '@brieftaube/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ConnectionErrorCode } from '../../mail/connection-errors.ts';
import { classifyConnectionError } from '../../mail/connection-errors.ts';

// Task messages are shown as they are by the task cards (spec §2, §4), so they are German here.
const CONNECTION_MESSAGES: Record<ConnectionErrorCode, string> = {
  AUTH_FAILED:
    'Anmeldung beim Mailserver fehlgeschlagen. Bitte prüfen Sie Benutzername und Passwort.',
  HOST_NOT_FOUND: 'Der Mailserver wurde nicht gefunden. Bitte prüfen Sie die Serveradresse.',
  CONNECTION_REFUSED:
    'Der Mailserver ist nicht erreichbar. Bitte prüfen Sie Server und Port oder versuchen Sie es später erneut.',
  TLS_ERROR:
    'Die verschlüsselte Verbindung zum Mailserver ist fehlgeschlagen. Bitte prüfen Sie die Sicherheitseinstellung.',
  TIMEOUT: 'Der Mailserver antwortet nicht. Bitte versuchen Sie es später erneut.',
  PROTOCOL_ERROR:
    'Die Verbindung zum Mailserver wurde unerwartet unterbrochen. Bitte versuchen Sie es erneut.',
  HOST_BLOCKED:
    'Die Adresse des Mailservers führt in ein internes Netz und ist hier nicht erlaubt. Bitte prüfen Sie die Serveradresse.',
  TOO_MANY_CONNECTIONS:
    'Der Mailserver lässt keine weitere Verbindung zu: zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es in einigen Minuten erneut.',
  TOO_MANY_ATTEMPTS:
    'Zu viele fehlgeschlagene Verbindungsversuche in kurzer Zeit. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  REAUTH_REQUIRED:
    'Konto benötigt Neu-Authentifizierung: Der Anbieter hat den Zugriff beendet. Bitte verbinden Sie das Konto in der Kontenliste erneut.',
  UNKNOWN: 'Beim Abrufen der E-Mails ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
};

export function fetchFailureMessage(error: unknown): { message: string; code: string } {
  if (error instanceof AppError) {
    if (error.code === ErrorCode.NOT_FOUND)
      return { message: 'Das E-Mail-Konto existiert nicht mehr.', code: 'ACCOUNT_NOT_FOUND' };
    const serverCode = error.fields?.server?.[0] as ConnectionErrorCode | undefined;
    if (serverCode && serverCode in CONNECTION_MESSAGES)
      return { message: CONNECTION_MESSAGES[serverCode], code: serverCode };
  }
  const code = classifyConnectionError(error);
  return { message: CONNECTION_MESSAGES[code], code };
}

export function fetchSuccessMessage(
  newEmails: number,
  skippedFolders: string[] = [],
  unreadable = 0,
): string {
  const intake =
    newEmails === 0
      ? 'keine neuen E-Mails'
      : newEmails === 1
        ? '1 neue E-Mail'
        : `${new Intl.NumberFormat('de-DE').format(newEmails)} neue E-Mails`;
  return `E-Mail-Abruf abgeschlossen: ${intake}.${skippedNote(skippedFolders)}${unreadableNote(unreadable)}`;
}

function unreadableNote(count: number): string {
  if (count === 0) return '';
  return count === 1
    ? ' Eine E-Mail kann der Mailserver nicht lesen; sie ist als unlesbar markiert.'
    : ` ${count} E-Mails kann der Mailserver nicht lesen; sie sind als unlesbar markiert.`;
}

function skippedNote(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length > 3) return ` ${names.length} Ordner konnten nicht geöffnet werden.`;
  const list = new Intl.ListFormat('de-DE').format(names.map((n) => `„${n}“`));
  return names.length === 1
    ? ` Der Ordner ${list} konnte nicht geöffnet werden.`
    : ` Die Ordner ${list} konnten nicht geöffnet werden.`;
}
