import { describe, expect, it } from 'vitest';
import { checkPassword } from '../../src/modules/auth/password-policy.ts';

describe('password policy', () => {
  it('accepts a long, personal-data-free password', () => {
    expect(
      checkPassword('Sonnenblume!42', { username: 'anna', email: 'anna@beispiel.de' }),
    ).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('Grüße🙂ab', {})).toEqual([]);
    expect(checkPassword('äöü🙂', {})).toContain('PASSWORD_TOO_SHORT');
  });
  it('knows common German passwords', () => {
    expect(checkPassword('Passwort123', {})).toContain('PASSWORD_TOO_COMMON');
    expect(checkPassword('hallo123', {})).toContain('PASSWORD_TOO_COMMON');
  });
  it('refuses a run of few characters and walks along the keyboard', () => {
    for (const weak of ['aaaaaaaa', 'abababab', '1212121212', 'qwertzui', 'ASDFGHJKL', 'lkjhgfds'])
      expect(checkPassword(weak, {}), weak).toContain('PASSWORD_TOO_COMMON');
    expect(checkPassword('qwertz-Sonne-7', {})).toEqual([]);
  });
  it('refuses the user name or the mailbox name inside the password', () => {
    expect(checkPassword('MeinName-mueller-2026', { username: 'mueller' })).toContain(
      'PASSWORD_TOO_SIMILAR',
    );
    expect(checkPassword('xx-k.schmidt-xx', { email: 'k.schmidt@example.de' })).toContain(
      'PASSWORD_TOO_SIMILAR',
    );
  });
});
