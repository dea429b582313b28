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
  RATE_LIMITED: 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  TOKEN_INVALID: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  NOT_FOUND: 'Nicht gefunden.',
  MAIL_SERVER_UNAVAILABLE: 'Der Mailserver ist nicht erreichbar.',
  SEND_FAILED: 'Die E-Mail konnte nicht gesendet werden.',
  CONFLICT: 'Die Aktion ist in diesem Zustand nicht möglich.',
  PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
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
  'Message content': 'Der Inhalt der E-Mail ist nicht mehr verfügbar.',
  Route: 'Diese Adresse gibt es nicht.',
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
  address: 'Adresse',
  account_id: 'Konto',
  target_folder_id: 'Zielordner',
  email_ids: 'E-Mails',
  category: 'Kategorie',
  cursor: 'Seitenmarke',
  parent: 'Übergeordneter Ordner',
};

const byFieldCode: Record<FieldErrorCode, (label: string) => string> = {
  REQUIRED: (label) => `${label} ist erforderlich`,
  INVALID: (label) => `${label}: Dieser Wert ist ungültig`,
  TOO_LONG: (label) => `${label}: Die Eingabe ist zu lang`,
  USERNAME_INVALID: () => 'Der Benutzername darf nur Buchstaben, Ziffern sowie . + - _ enthalten',
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
  CATEGORY_EXISTS: () => 'Eine Kategorie mit diesem Namen existiert bereits',
  COLOR_INVALID: () => 'Diese Farbe steht nicht zur Auswahl',
  CURSOR_INVALID: () => 'Die Seitenmarke ist ungültig; bitte laden Sie die Liste neu',
  WRONG_ACCOUNT: () => 'Das gehört zu einem anderen Konto',
  RECIPIENT_REQUIRED: () => 'Bitte geben Sie mindestens einen Empfänger an',
  ADDRESS_INVALID: (label) => `${label}: Bitte prüfen Sie die E-Mail-Adresse`,
  ATTACHMENTS_TOO_LARGE: () => 'Die Anhänge sind zusammen zu groß',
};

export function fieldMessageDe(field: string, code: string): string {
  const label = fieldLabels[field.split('.')[0] ?? field] ?? field;
  if (code in connectionMessagesDe) return connectionMessagesDe[code as ConnectionErrorCode];
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
    case ErrorCode.MAIL_SERVER_UNAVAILABLE:
      return { message: connection('server') ?? byCode.MAIL_SERVER_UNAVAILABLE };
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
