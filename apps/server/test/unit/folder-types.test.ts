import { describe, expect, it } from 'vitest';
import { announcedSpecialUse, classifyListing } from '../../src/mail/imap/folder-types.ts';

const folder = (
  path: string,
  options: {
    specialUse?: string;
    specialUseSource?: string;
    messages?: number;
    delimiter?: string;
  } = {},
) => {
  const delimiter = options.delimiter ?? '/';
  const cut = path.lastIndexOf(delimiter);
  return {
    path,
    name: cut < 0 ? path : path.slice(cut + 1),
    parentPath: cut < 0 ? undefined : path.slice(0, cut),
    specialUse: options.specialUse,
    specialUseSource: options.specialUseSource ?? (options.specialUse ? 'extension' : undefined),
    // imapflow puts only the server's own flags into the flag set.
    flags: new Set<string>(
      options.specialUse && options.specialUseSource !== 'name' ? [options.specialUse] : [],
    ),
    status: { messages: options.messages ?? 0 },
  };
};

const types = (listed: ReturnType<typeof folder>[]) =>
  Object.fromEntries([...classifyListing(listed)].map(([path, c]) => [path, c.type]));

describe('folder types of a listing', () => {
  it('reads German and English names where the server flags nothing', () => {
    expect(
      types([
        folder('INBOX'),
        folder('Gesendete Objekte'),
        folder('Entwürfe'),
        folder('Papierkorb'),
        folder('Junk-E-Mail'),
        folder('Archiv'),
        folder('Projekte'),
      ]),
    ).toEqual({
      INBOX: 'inbox',
      'Gesendete Objekte': 'sent',
      Entwürfe: 'drafts',
      Papierkorb: 'trash',
      'Junk-E-Mail': 'spam',
      Archiv: 'archive',
      Projekte: 'custom',
    });
  });

  it("leaves the user's own 'Gesendet' alone once the server flags its Sent folder", () => {
    expect(
      types([
        folder('INBOX'),
        folder('Sent', { specialUse: '\\Sent' }),
        folder('Gesendet', { messages: 40 }),
        folder('Trash', { specialUse: '\\Trash' }),
        folder('Papierkorb'),
        folder('Werbung'),
      ]),
    ).toEqual({
      INBOX: 'inbox',
      Sent: 'sent',
      Gesendet: 'custom',
      Trash: 'trash',
      Papierkorb: 'custom',
      // Nothing flags a spam folder here: the name still says what it is.
      Werbung: 'spam',
    });
  });

  it('takes names at the top level or right below INBOX only, one folder per type', () => {
    expect(
      types([
        folder('INBOX', { delimiter: '.' }),
        folder('INBOX.Sent', { delimiter: '.' }),
        folder('INBOX.Projekte', { delimiter: '.' }),
        folder('INBOX.Projekte.Archiv', { delimiter: '.' }),
      ]),
    ).toMatchObject({ 'INBOX.Sent': 'sent', 'INBOX.Projekte.Archiv': 'custom' });
    // Two unflagged candidates: the one holding mail is the one in use.
    expect(types([folder('INBOX'), folder('Gesendet'), folder('Sent', { messages: 12 })])).toEqual({
      INBOX: 'inbox',
      Gesendet: 'custom',
      Sent: 'sent',
    });
  });

  it("does not take imapflow's guesses from names for the server's word", () => {
    // imapflow names a nested "Kunden/Gesendet" \\Sent when nothing else is called so, and
    // an empty "Gesendet" over a "Sent" with mail; neither is the server's flag.
    const guessed = { specialUse: '\\Sent', specialUseSource: 'name' };
    expect(types([folder('INBOX'), folder('Kunden'), folder('Kunden/Gesendet', guessed)])).toEqual({
      INBOX: 'inbox',
      Kunden: 'custom',
      'Kunden/Gesendet': 'custom',
    });
    expect(
      types([folder('INBOX'), folder('Gesendet', guessed), folder('Sent', { messages: 30 })]),
    ).toEqual({ INBOX: 'inbox', Gesendet: 'custom', Sent: 'sent' });
    expect(announcedSpecialUse(folder('Gesendet', guessed))).toBeUndefined();
    expect(announcedSpecialUse(folder('Sent', { specialUse: '\\Sent' }))).toBe('\\Sent');
  });
});
