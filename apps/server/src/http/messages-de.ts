import type { FieldErrorCode } from '@brieftaube/shared';
import { ErrorCode } from '@brieftaube/shared';
import { connectionMessagesDe, type ConnectionErrorCode } from '../mail/connection-errors.ts';

/**
 * The German sentences of API error bodies. The web app words most situations for its own
 * screens; these serve every other client and make each body readable on its own.
 */
const byCode: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Bitte prüfen Sie Ihre Eingaben.',
  INVALID_CREDENTIALS: 'Benutzername, E-Mail-Adresse oder Passwort ist nicht korrekt.',
  RATE_LIMITED: 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  TOKEN_INVALID: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  NOT_FOUND: 'Nicht gefunden.',
  MAIL_SERVER_UNAVAILABLE: 'Der Mailserver ist nicht erreichbar.',
  MAIL_SERVER_REFUSED: 'Der Mailserver hat die Aktion abgelehnt.',
  SEND_FAILED: 'Die E-Mail konnte nicht gesendet werden.',
  CONFLICT: 'Die Aktion ist in diesem Zustand nicht möglich.',
  PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
  OAUTH_FAILED:
    'Die Verbindung mit Ihrem Anbieter ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  INTERNAL: 'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
};

const notFoundBySubject: Record<string, string> = {
  Account: 'Das E-Mail-Konto wurde nicht gefunden.',
  Folder: 'Der Ordner wurde nicht gefunden.',
  Email: 'Die E-Mail wurde nicht gefunden.',
  Category: 'Die Kategorie wurde nicht gefunden.',
  Task: 'Die Aufgabe wurde nicht gefunden.',
  Draft: 'Der Entwurf wurde nicht gefunden.',
  Attachment: 'Der Anhang wurde nicht gefunden.',
  Proposal: 'Der Kategorievorschlag wurde nicht gefunden.',
  'Message content': 'Der Inhalt der E-Mail ist nicht mehr verfügbar.',
  Route: 'Diese Adresse gibt es nicht.',
};

/** Why an OAuth sign-in did not finish (oauth.service.ts), in words. */
const oauthReasons: Record<string, string> = {
  NOT_CONFIGURED:
    'Die Anmeldung über diesen Anbieter ist auf diesem Server nicht eingerichtet. Bitte verbinden Sie das Konto per IMAP/SMTP oder wenden Sie sich an den Betreiber.',
  STATE_INVALID:
    'Diese Anmeldung ist abgelaufen, wurde bereits verwendet oder gehört nicht zu Ihrer Sitzung. Bitte starten Sie die Verbindung erneut.',
  DENIED: 'Sie haben den Zugriff beim Anbieter nicht erlaubt. Es wurde kein Konto verbunden.',
  EXCHANGE_FAILED:
    'Der Anbieter hat die Anmeldung nicht bestätigt. Bitte starten Sie die Verbindung erneut.',
  NO_ADDRESS:
    'Der Anbieter hat keine E-Mail-Adresse übermittelt. Bitte erlauben Sie den Zugriff auf Ihre E-Mail-Adresse.',
  ACCOUNT_MISMATCH:
    'Sie haben sich mit einer anderen E-Mail-Adresse angemeldet als der dieses Kontos. Bitte melden Sie sich mit der Adresse des Kontos an.',
  ACCOUNT_EXISTS:
    'Diese E-Mail-Adresse ist bereits mit Passwort eingerichtet. Bitte stellen Sie das vorhandene Konto in der Kontenliste auf OAuth um.',
  NOT_CONVERTIBLE: 'Dieses Konto kann nicht über diesen Anbieter verbunden werden.',
};

/** RFC 5530 response codes a refusal may carry, in words. */
const refusalReasons: Record<string, string> = {
  NONEXISTENT: 'Den Ordner gibt es dort nicht mehr. Bitte synchronisieren Sie die Ordner.',
  TRYCREATE: 'Den Zielordner gibt es dort nicht mehr. Bitte synchronisieren Sie die Ordner.',
  NOPERM: 'Dafür fehlt Ihnen auf dem Mailserver die Berechtigung.',
  OVERQUOTA: 'Das Postfach ist voll.',
  LIMIT: 'Eine Grenze des Mailservers ist erreicht.',
  INUSE: 'Der Ordner ist gerade in Benutzung. Bitte versuchen Sie es später erneut.',
  CANNOT: 'Der Mailserver kann diese Aktion nicht ausführen.',
  NOT_MOVED:
    'Die E-Mails wurden nicht verschoben. Bitte synchronisieren Sie die Ordner und versuchen Sie es erneut.',
  NOT_CHANGED: 'Die Änderung wurde nicht übernommen. Bitte versuchen Sie es erneut.',
  CHANGED:
    'Der Ordner wurde auf dem Mailserver neu angelegt. Bitte rufen Sie die E-Mails neu ab und versuchen Sie es dann erneut.',
};

const fieldLabels: Record<string, string> = {
  name: 'Name',
  description: 'Beschreibung',
  color: 'Farbe',
  account: 'Konto',
  username: 'Benutzername',
  email: 'E-Mail-Adresse',
  email_address: 'E-Mail-Adresse',
  password: 'Passwort',
  password1: 'Passwort',
  password2: 'Passwortbestätigung',
  refresh: 'Refresh-Token',
  imap_server: 'IMAP-Server',
  imap_port: 'IMAP-Port',
  smtp_server: 'SMTP-Server',
  smtp_port: 'SMTP-Port',
  to: 'An',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Betreff',
  attachments: 'Anhänge',
  account_id: 'Konto',
  target_folder_id: 'Zielordner',
  email_ids: 'E-Mails',
  category: 'Kategorie',
  cursor: 'Seitenmarke',
  parent: 'Übergeordneter Ordner',
  folder: 'Ordner',
  display_name: 'Anzeigename',
  imap_security: 'IMAP-Verschlüsselung',
  smtp_security: 'SMTP-Verschlüsselung',
  sync_enabled: 'Synchronisierung',
  cleanup_empty: 'Leere Ordner entfernen',
  onboarding_complete: 'Einrichtung abgeschlossen',
  limit: 'Anzahl',
  page: 'Seite',
  page_size: 'Einträge pro Seite',
  offset: 'Startposition',
  permanent: 'Endgültig',
  folder_type: 'Ordnertyp',
  folder_id: 'Ordner',
  folder_name: 'Ordnername',
  accounts: 'Konten',
  ids: 'E-Mails',
  action: 'Aktion',
  is_read: 'Gelesen',
  is_flagged: 'Markiert',
  read: 'Gelesen',
  flagged: 'Markiert',
  has_category: 'Mit Kategorie',
  q: 'Suchbegriff',
  html: 'Text',
  text: 'Text',
  in_reply_to_email: 'Ursprüngliche E-Mail',
  forward_of: 'Weitergeleitete E-Mail',
  draft_id: 'Entwurf',
  folder_settings: 'Ordnereinstellungen',
  filename: 'Dateiname',
  content_type: 'Dateityp',
  content_base64: 'Dateiinhalt',
  address: 'Adresse',
};

/** Labels that name several things take the plural verb ("E-Mails sind erforderlich"). */
const pluralLabels = new Set(['E-Mails', 'Anhänge', 'Konten', 'Ordnereinstellungen']);

const byFieldCode: Record<FieldErrorCode, (label: string) => string> = {
  REQUIRED: (label) => `${label} ${pluralLabels.has(label) ? 'sind' : 'ist'} erforderlich`,
  INVALID: (label) => `${label}: Dieser Wert ist ungültig`,
  TOO_LONG: (label) => `${label}: Die Eingabe ist zu lang`,
  USERNAME_INVALID: () => 'Der Benutzername darf nur Buchstaben, Ziffern sowie @ . + - _ enthalten',
  USERNAME_TAKEN: () => 'Dieser Benutzername ist bereits vergeben',
  EMAIL_INVALID: () => 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  EMAIL_TAKEN: () => 'Mit dieser E-Mail-Adresse ist bereits ein Konto registriert',
  PASSWORD_MISMATCH: () => 'Die Passwörter stimmen nicht überein',
  PASSWORD_TOO_SHORT: () => 'Das Passwort muss mindestens 8 Zeichen lang sein',
  PASSWORD_TOO_COMMON: () => 'Dieses Passwort ist zu verbreitet',
  PASSWORD_TOO_SIMILAR: () =>
    'Das Passwort ähnelt zu sehr dem Benutzernamen oder der E-Mail-Adresse',
  PASSWORD_ENTIRELY_NUMERIC: () => 'Das Passwort darf nicht nur aus Ziffern bestehen',
  HOST_INVALID: (label) => `${label}: Bitte geben Sie einen gültigen Servernamen an`,
  PORT_INVALID: (label) => `${label}: Bitte geben Sie einen Port zwischen 1 und 65535 an`,
  ACCOUNT_EXISTS: () => 'Dieses E-Mail-Konto ist bereits eingerichtet',
  AUTH_METHOD_MISSING: () =>
    'Bitte geben Sie ein Passwort an oder verbinden Sie das Konto per OAuth',
  FOLDER_EXISTS: () => 'Ein Ordner mit diesem Namen existiert bereits',
  FOLDER_NAME_INVALID: () => 'Dieser Ordnername ist nicht erlaubt',
  FOLDER_PROTECTED: () => 'Dieser Ordner kann nicht geändert oder gelöscht werden',
  FOLDER_HOLDS_NO_MAIL: () =>
    'Dieser Ordner enthält nur Unterordner und kann selbst keine E-Mails aufnehmen',
  CATEGORY_EXISTS: () => 'Eine Kategorie mit diesem Namen existiert bereits',
  COLOR_INVALID: () => 'Diese Farbe steht nicht zur Auswahl',
  CURSOR_INVALID: () => 'Die Seitenmarke ist ungültig; bitte laden Sie die Liste neu',
  SEARCH_DATE_INVALID: () =>
    'Das Datum in der Suche ist ungültig. Bitte geben Sie es als TT.MM.JJJJ oder JJJJ-MM-TT an, zum Beispiel vor:1.10.2026 oder nach:2026-10-01.',
  WRONG_ACCOUNT: () => 'Das gehört zu einem anderen Konto',
  RECIPIENT_REQUIRED: () => 'Bitte geben Sie mindestens einen Empfänger an',
  ADDRESS_INVALID: (label) => `${label}: Bitte prüfen Sie die E-Mail-Adresse`,
  ATTACHMENTS_TOO_LARGE: () => 'Die Anhänge sind zusammen zu groß',
};

export function fieldMessageDe(field: string, code: string): string {
  if (code in connectionMessagesDe) return connectionMessagesDe[code as ConnectionErrorCode];
  // The request as a whole (no JSON, a list where an object belongs).
  if (field === 'body') return 'Die Anfrage ist ungültig';
  // One attachment's own field ("attachments.0.filename"): which one, and what of it.
  const item = /^attachments\.(\d+)\.(\w+)$/.exec(field);
  if (item && fieldLabels[item[2]!])
    return `Anhang ${Number(item[1]) + 1}: ${fieldMessageDe(item[2]!, code)}`;
  const label = fieldLabels[field.split('.')[0] ?? field];
  // A field this table does not know is not shown by its English name.
  if (!label) return code === 'REQUIRED' ? 'Eine Angabe fehlt' : 'Eine Angabe ist ungültig';
  const text = byFieldCode[code as FieldErrorCode];
  return text ? text(label) : `${label}: Dieser Wert ist ungültig`;
}

/** The body's German sentence, and one German message per field where fields are named. */
export function germanMessages(
  code: ErrorCode,
  options: { subject?: string | undefined; fields?: Record<string, string[]> | undefined },
): { message: string; field_messages?: Record<string, string> } {
  const fields = options.fields ?? {};
  const connection = (field: string) => {
    const value = fields[field]?.[0];
    return value && value in connectionMessagesDe
      ? connectionMessagesDe[value as ConnectionErrorCode]
      : undefined;
  };
  switch (code) {
    case ErrorCode.NOT_FOUND:
      return { message: notFoundBySubject[options.subject ?? ''] ?? byCode.NOT_FOUND };
    case ErrorCode.OAUTH_FAILED:
      return { message: oauthReasons[fields.oauth?.[0] ?? ''] ?? byCode.OAUTH_FAILED };
    case ErrorCode.MAIL_SERVER_UNAVAILABLE:
      return { message: connection('server') ?? byCode.MAIL_SERVER_UNAVAILABLE };
    case ErrorCode.RATE_LIMITED:
      // Too many AI tasks waiting is not too many attempts (ai-tasks.service.ts).
      if (options.subject === 'AI tasks')
        return {
          message: 'Es warten schon zehn KI-Aufgaben. Bitte warten Sie, bis eine davon fertig ist.',
        };
      // Failed connections of saved accounts (ADR 0018) say so; logins and tests need no more.
      return { message: connection('server') ?? byCode.RATE_LIMITED };
    case ErrorCode.MAIL_SERVER_REFUSED: {
      const reason = refusalReasons[fields.server?.[0] ?? ''];
      return {
        message: reason ? `${byCode.MAIL_SERVER_REFUSED} ${reason}` : byCode.MAIL_SERVER_REFUSED,
      };
    }
    case ErrorCode.SEND_FAILED: {
      const kept = fields.draft_id?.length
        ? 'Sie wurde als Entwurf gespeichert.'
        : 'Bitte versuchen Sie es erneut.';
      return { message: [byCode.SEND_FAILED, connection('smtp'), kept].filter(Boolean).join(' ') };
    }
  }
  if (Object.keys(fields).length === 0) return { message: byCode[code] ?? byCode.INTERNAL };
  const fieldMessages: Record<string, string> = {};
  for (const [field, codes] of Object.entries(fields))
    if (codes[0]) fieldMessages[field] = fieldMessageDe(field, codes[0]);
  const details = `${Object.values(fieldMessages).join('. ')}.`;
  return {
    message: code === ErrorCode.VALIDATION_FAILED ? details : `${byCode[code]} ${details}`,
    field_messages: fieldMessages,
  };
}
