/** Why a connection to a mail server failed, as the web app shows it. */
export const ConnectionErrorCode = {
  AUTH_FAILED: 'AUTH_FAILED',
  HOST_NOT_FOUND: 'HOST_NOT_FOUND',
  CONNECTION_REFUSED: 'CONNECTION_REFUSED',
  TLS_ERROR: 'TLS_ERROR',
  TIMEOUT: 'TIMEOUT',
  PROTOCOL_ERROR: 'PROTOCOL_ERROR',
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
  UNKNOWN: 'Die Verbindung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
};

interface ErrorLike {
  code?: unknown;
  message?: unknown;
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
