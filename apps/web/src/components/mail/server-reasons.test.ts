import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { composeFailure } from '../../features/compose/lib/compose-errors.ts';
import { mailErrorMessage } from './errors.ts';

const values = { account: 1, to: [], cc: [], bcc: [], subject: '', html: '', attachments: [] };

describe('what the network policy and the connection limits say in the app', () => {
  it('names a server address the operator does not allow and a server that is full', () => {
    const unavailable = (server: string) =>
      new ApiRequestError(502, {
        error: { code: 'MAIL_SERVER_UNAVAILABLE', message: 'x', fields: { server: [server] } },
      });
    expect(mailErrorMessage(unavailable('HOST_BLOCKED'))).toMatch(/internes Netz/);
    expect(mailErrorMessage(unavailable('TOO_MANY_CONNECTIONS'))).toMatch(
      /zu viele gleichzeitige Verbindungen/,
    );
    expect(composeFailure(unavailable('TOO_MANY_CONNECTIONS'), values as never).message).toMatch(
      /zu viele gleichzeitige Verbindungen/,
    );
  });

  it('says how long to wait after too many failed attempts, not "too many logins"', () => {
    const limited = new ApiRequestError(
      429,
      {
        error: {
          code: 'RATE_LIMITED',
          message: 'x',
          fields: { server: ['TOO_MANY_ATTEMPTS'] },
        },
      },
      300,
    );
    expect(mailErrorMessage(limited)).toBe(
      'Zu viele fehlgeschlagene Verbindungsversuche in kurzer Zeit. Bitte warten Sie 5 Minuten.',
    );
    expect(composeFailure(limited, values as never).message).toMatch(/Verbindungsversuche/);
  });
});
