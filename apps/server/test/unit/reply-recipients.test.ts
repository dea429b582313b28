import { describe, expect, it } from 'vitest';
import { replyRecipients } from '../../src/mail/compose/reply-template.ts';

const a = (address: string, name = '') => ({ name, address });
const me = 'ich@beispiel.de';

describe('reply recipients', () => {
  const received = {
    from: [a('julia@beispiel.de', 'Julia')],
    replyTo: [],
    to: [a(me), a('tom@beispiel.de')],
    cc: [a('ANNA@beispiel.de'), a('tom@beispiel.de')],
  };

  it('answers the sender; reply-all adds the others once, without the user', () => {
    expect(replyRecipients(received, [me], false)).toEqual({
      to: [a('julia@beispiel.de', 'Julia')],
      cc: [],
    });
    expect(replyRecipients(received, [me], true)).toEqual({
      to: [a('julia@beispiel.de', 'Julia')],
      cc: [a('tom@beispiel.de'), a('ANNA@beispiel.de')],
    });
  });

  it('answers the Reply-To, but not its unusable entries', () => {
    const r = replyRecipients(
      {
        ...received,
        replyTo: [a('support@firma.example', 'Support (Team)'), a('invalid-address'), a('')],
      },
      [me],
      false,
    );
    expect(r.to).toEqual([a('support@firma.example', 'Support (Team)')]);
    // Only broken entries: the sender instead.
    expect(replyRecipients({ ...received, replyTo: [a('kaputt')] }, [me], false).to).toEqual([
      a('julia@beispiel.de', 'Julia'),
    ]);
    // No sender at all: nobody, rather than an empty address.
    expect(
      replyRecipients({ from: [a('')], replyTo: [], to: [a(me)], cc: [] }, [me], false).to,
    ).toEqual([]);
  });

  it("answers the user's own sent mail to its recipients again", () => {
    const sent = {
      from: [a('Ich@Beispiel.de', 'Ich')],
      replyTo: [],
      to: [a('kunde@firma.example', 'Kunde')],
      cc: [a('chef@beispiel.de')],
    };
    expect(replyRecipients(sent, [me], false)).toEqual({
      to: [a('kunde@firma.example', 'Kunde')],
      cc: [],
    });
    expect(replyRecipients(sent, [me], true)).toEqual({
      to: [a('kunde@firma.example', 'Kunde')],
      cc: [a('chef@beispiel.de')],
    });
    // A note to oneself is answered to oneself.
    expect(replyRecipients({ ...sent, to: [a(me)], cc: [] }, [me], false).to).toEqual([a(me)]);
  });
});
