import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { composeFailure } from '../../features/compose/lib/compose-errors.ts';
import { mailErrorMessage } from './errors.ts';

const unavailable = (server: string) =>
  new ApiRequestError(502, {
    error: { code: 'MAIL_SERVER_UNAVAILABLE', message: 'x', fields: { server: [server] } },
  });

describe('a mail server error in words', () => {
  it('says the login was refused, and where to fix it, rather than "not reachable"', () => {
    expect(mailErrorMessage(unavailable('AUTH_FAILED'))).toBe(
      'Der Mailserver hat die Anmeldung abgelehnt. Bitte prüfen Sie das Passwort des Kontos unter „E-Mail-Konten“.',
    );
    expect(mailErrorMessage(unavailable('TIMEOUT'))).toMatch(
      /^Der Mailserver ist gerade nicht erreichbar/,
    );
  });

  it('says the same when a draft cannot be saved', () => {
    const values = { account: 1, to: [], cc: [], bcc: [], subject: '', html: '', attachments: [] };
    expect(composeFailure(unavailable('AUTH_FAILED'), values as never).message).toMatch(
      /Anmeldung abgelehnt/,
    );
  });
});
