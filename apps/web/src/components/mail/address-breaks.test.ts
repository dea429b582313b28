import { describe, expect, it } from 'vitest';
import { addressBreaks } from './address-breaks.ts';

describe('where a long e-mail address may break', () => {
  it('is after the @ and before each dot', () => {
    expect(addressBreaks('erika.mustermann@mail.beispiel.de')).toEqual([
      'erika',
      '.mustermann@',
      'mail',
      '.beispiel',
      '.de',
    ]);
  });
  it('leaves what has neither whole', () => {
    expect(addressBreaks('postmaster')).toEqual(['postmaster']);
    expect(addressBreaks('')).toEqual([]);
  });
});
