import { describe, expect, it } from 'vitest';
import { rowsAsJson } from '../../src/modules/emails/email-row-json.ts';

const base = {
  userId: '00000000-0000-4000-8000-000000000001',
  accountId: 1,
  folderId: 2,
  uid: 7,
  receivedAt: new Date('2026-11-20T10:00:00Z'),
};

describe('rows as the JSON parameter of the bulk insert', () => {
  it('fills every column the insert names, with the table defaults for what a row leaves out', () => {
    const [row] = JSON.parse(rowsAsJson([base])) as Record<string, unknown>[];
    expect(row).toMatchObject({
      uid: 7,
      subject: '',
      references: [],
      to_addresses: [],
      flags: [],
      is_read: false,
      body_status: 'pending',
      body_text: null,
      attachments: [],
    });
    expect(row!.received_at).toBe('2026-11-20T10:00:00.000Z');
  });

  it('drops NUL characters and lone surrogates, which PostgreSQL refuses, and keeps the rest', () => {
    const json = rowsAsJson([
      { ...base, subject: 'Rech\u0000nung \ud800 für Sie', bodyText: 'Grüße 😀', bodyStatus: 'ok' },
    ]);
    expect(json).not.toMatch(/\\u0000|\\ud800/);
    const [row] = JSON.parse(json) as { subject: string; body_text: string }[];
    expect(row!.subject).toBe('Rechnung \ufffd für Sie');
    expect(row!.body_text).toBe('Grüße 😀');
  });
});
