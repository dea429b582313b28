import { describe, expect, it } from 'vitest';
import { attachmentName } from './compose-values.ts';

describe('a file name the server takes', () => {
  it('keeps its extension and never cuts an emoji in half', () => {
    // 250 letters and an emoji at the cut (code units 251 and 252), then more and ".pdf".
    const name = `${'a'.repeat(250)}📎${'b'.repeat(40)}.pdf`;
    const kept = attachmentName(name);
    expect(kept.length).toBeLessThanOrEqual(255);
    expect(kept.isWellFormed()).toBe(true);
    expect(kept).toBe(`${'a'.repeat(250)}.pdf`);
    expect(attachmentName('Rechnung.pdf')).toBe('Rechnung.pdf');
  });
});
