/** Why a connection to a mail server failed, as the web app shows it. */
export const ConnectionErrorCode = {
  AUTH_FAILED: 'AUTH_FAILED',
  HOST_NOT_FOUND: 'HOST_NOT_FOUND',
  CONNECTION_REFUSED: 'CONNECTION_REFUSED',
  TLS_ERROR: 'TLS_ERROR',
  TIMEOUT: 'TIMEOUT',
  PROTOCOL_ERROR: 'PROTOCOL_ERROR',
  /** The address leads into an internal network this server may not reach (ADR 0018). */
  HOST_BLOCKED: 'HOST_BLOCKED',
  /** The server refused one more session of this login (e.g. Dovecot's per user+IP limit). */
  TOO_MANY_CONNECTIONS: 'TOO_MANY_CONNECTIONS',
  /** Too many failed connection attempts of this user in a short time (ADR 0015, 0018). */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  /** An OAuth account whose refresh token the provider refused (ADR 0027). */
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
  UNKNOWN: 'UNKNOWN',
} as const;
export type ConnectionErrorCode = (typeof ConnectionErrorCode)[keyof typeof ConnectionErrorCode];

/** What a person reads for each code (API bodies and connection tests). */
export const connectionMessagesDe: Record<ConnectionErrorCode, string> = {
  AUTH_FAILED: 'Die Anmeldung wurde abgelehnt. Bitte prüfen Sie Benutzername und Passwort.',
  HOST_NOT_FOUND: 'Der Server wurde nicht gefunden. Bitte prüfen Sie die Serveradresse.',
  CONNECTION_REFUSED: 'Der Server lehnt die Verbindung ab. Bitte prüfen Sie Server und Port.',
  TLS_ERROR:
    'Die verschlüsselte Verbindung ist fehlgeschlagen. Bitte prüfen Sie die Sicherheitseinstellung.',
  TIMEOUT: 'Der Server antwortet nicht. Bitte versuchen Sie es später erneut.',
  PROTOCOL_ERROR: 'Die Verbindung wurde unerwartet unterbrochen. Bitte versuchen Sie es erneut.',
  HOST_BLOCKED:
    'Diese Serveradresse führt in ein internes Netz und ist hier nicht erlaubt. Bitte geben Sie die Adresse des Mailservers Ihres Anbieters an.',
  TOO_MANY_CONNECTIONS:
    'Der Mailserver lässt keine weitere Verbindung zu: zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es in einigen Minuten erneut.',
  TOO_MANY_ATTEMPTS:
    'Zu viele fehlgeschlagene Verbindungsversuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
  REAUTH_REQUIRED:
    'Konto benötigt Neu-Authentifizierung: Der Anbieter hat den Zugriff beendet. Bitte verbinden Sie das Konto in der Kontenliste erneut.',
  UNKNOWN: 'Die Verbindung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
};

/** Failures of connecting or logging in: what a port scan through this server would see. */
export const CONNECT_FAILURES: ReadonlySet<ConnectionErrorCode> = new Set([
  ConnectionErrorCode.AUTH_FAILED,
  ConnectionErrorCode.HOST_NOT_FOUND,
  ConnectionErrorCode.CONNECTION_REFUSED,
  ConnectionErrorCode.TLS_ERROR,
  ConnectionErrorCode.TIMEOUT,
  ConnectionErrorCode.PROTOCOL_ERROR,
  ConnectionErrorCode.HOST_BLOCKED,
]);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  responseText?: unknown;
  response?: unknown;
  authenticationFailed?: unknown;
  responseCode?: unknown;
  serverResponseCode?: unknown;
  cause?: unknown;
}

/**
 * Maps what imapflow, nodemailer and Node's sockets throw to one code. Both libraries wrap socket
 * errors differently, so the code, the message and the cause are all consulted.
 */
export function classifyConnectionError(error: unknown): ConnectionErrorCode {
  const chain: ErrorLike[] = [];
  for (
    let e = error as ErrorLike | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as ErrorLike, depth++
  )
    chain.push(e);
  // A database error quotes the data it refused (a mail's own words); nothing in it is about
  // the connection to the mail server.
  if (
    chain.some(
      (e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && /\d/.test(e.code),
    )
  )
    return ConnectionErrorCode.UNKNOWN;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const codes = chain.map((e) => str(e.code)).join(' ');
  const text = `${codes} ${chain.map((e) => str(e.message)).join(' ')}`;
  if (/\bEHOSTBLOCKED\b/.test(codes)) return ConnectionErrorCode.HOST_BLOCKED;
  if (/\bREAUTH_REQUIRED\b/.test(codes)) return ConnectionErrorCode.REAUTH_REQUIRED;
  if (/\bETOOMANYATTEMPTS\b/.test(codes)) return ConnectionErrorCode.TOO_MANY_ATTEMPTS;
  // Checked before the refused login it arrives as: Dovecot answers LOGIN with "NO [LIMIT]
  // Maximum number of connections from user+IP exceeded", Gmail with "Too many simultaneous
  // connections", an SMTP server with 421; the password was fine.
  const said = chain.map((e) => `${str(e.responseText)} ${str(e.response)}`).join(' ');
  if (
    /\bETOOMANYCONNECTIONS\b/.test(codes) ||
    chain.some((e) => e.serverResponseCode === 'LIMIT' && e.authenticationFailed === true) ||
    /too many ([a-z]+ ){0,2}(connections|sessions)|maximum (number of )?connections|connection limit/i.test(
      `${said} ${text}`,
    )
  )
    return ConnectionErrorCode.TOO_MANY_CONNECTIONS;
  if (
    chain.some(
      (e) => e.authenticationFailed === true || e.serverResponseCode === 'AUTHENTICATIONFAILED',
    ) ||
    /\bEAUTH\b/.test(codes) ||
    chain.some((e) => e.responseCode === 535 || e.responseCode === 534)
  ) {
    return ConnectionErrorCode.AUTH_FAILED;
  }
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text)) return ConnectionErrorCode.HOST_NOT_FOUND;
  if (/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH/.test(text))
    return ConnectionErrorCode.CONNECTION_REFUSED;
  if (/ETIMEDOUT|TIMEOUT|timed? ?out/i.test(text)) return ConnectionErrorCode.TIMEOUT;
  if (
    /ETLS|ERR_SSL|ERR_TLS|CERT_|certificate|SSL routines|wrong version number|self[- ]signed|TLS/i.test(
      text,
    )
  ) {
    return ConnectionErrorCode.TLS_ERROR;
  }
  if (
    /ECONNRESET|EPIPE|socket hang up|Unexpected|greeting|NoConnection|Connection not available|connection closed|EConnectionClosed|Socket closed/i.test(
      text,
    )
  )
    return ConnectionErrorCode.PROTOCOL_ERROR;
  return ConnectionErrorCode.UNKNOWN;
}
