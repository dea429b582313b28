import { FieldErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@brieftaube/shared';
import { commonPasswords } from './common-passwords.ts';

// Rows of German and English keyboards and the alphabet: a walk along one is guessed at once.
const SEQUENCES = [
  'qwertzuiopü',
  'qwertyuiop',
  'asdfghjklöä',
  'asdfghjkl',
  'yxcvbnm',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
];

/** Few distinct characters ("aaaaaaaa", "abababab") or a walk along a keyboard row. */
function trivial(lower: string): boolean {
  if (new Set(lower).size < 4) return true;
  return SEQUENCES.some(
    (row) => row.includes(lower) || [...row].reverse().join('').includes(lower),
  );
}

/** The password rules of registration; returns every rule the password breaks. */
export function checkPassword(
  password: string,
  context: { username?: string; email?: string },
): FieldErrorCode[] {
  const problems: FieldErrorCode[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push(FieldErrorCode.PASSWORD_TOO_SHORT);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(FieldErrorCode.TOO_LONG);
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || trivial(lower))
    problems.push(FieldErrorCode.PASSWORD_TOO_COMMON);
  if (/^\d+$/.test(password)) problems.push(FieldErrorCode.PASSWORD_ENTIRELY_NUMERIC);
  const personal = [context.username, context.email?.split('@')[0]]
    .map((s) => s?.trim().toLowerCase())
    .filter((s): s is string => !!s && s.length >= 3);
  if (personal.some((p) => lower.includes(p) || (p.includes(lower) && lower.length >= 3))) {
    problems.push(FieldErrorCode.PASSWORD_TOO_SIMILAR);
  }
  return problems;
}
