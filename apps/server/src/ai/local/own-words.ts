// Lotus Notes (HCL Notes, still common in companies) marks a forward with a dashed line
// "----- Forwarded by Anna Muster/HOU/ECT on 08/01/2000 09:24 AM -----" (German:
// "Weitergeleitet von … am …") and quotes an older mail under a block "Anna Muster\n
// 08/01/2000 09:15 AM\nTo: …\ncc: …\nSubject: …" without a "From:" line. ownText
// (mail/mime/reply-text.ts) knows neither; what the author wrote ends at either. They are cut
// here, for the features only: the stored search text of mail synced earlier stays as it is.
const NOTES_FORWARD = /^[ \t]*-{3,}[ \t]*(?:forwarded by|weitergeleitet von)\s/imu;
const DATE_TIME = String.raw`\d{1,2}[./]\d{1,2}[./]\d{2,4}[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[ap]m)?[ \t]*\n\s*(?:to|an)[ \t]*:`;
const NOTES_HEADER = new RegExp(
  String.raw`^[^\n]{1,120}\n(?:[ \t]*sent by:[^\n]*\n)?[ \t]*${DATE_TIME}`,
  'imu',
);
/** '"Anna Muster" <anna@example.com> on 08/22/2000 11:18:32 AM' above "To:". */
const NOTES_HEADER_ONE_LINE = new RegExp(String.raw`^[^\n]{1,120}\son[ \t]+${DATE_TIME}`, 'imu');

/** At most this many words of their own: "fyi", "see below", "Here it is". */
const EMPTY_WORDS = 3;

/**
 * Whether the author of a mail wrote (almost) nothing: it only forwards another mail or is
 * empty. `own` is the mail's own text as ownText gives it.
 */
export function saysNothing(own: string): boolean {
  let text = own;
  for (const pattern of [NOTES_FORWARD, NOTES_HEADER, NOTES_HEADER_ONE_LINE]) {
    const match = pattern.exec(text);
    if (match) text = text.slice(0, match.index);
  }
  let words = 0;
  for (const _ of text.matchAll(/\p{L}+/gu)) if (++words > EMPTY_WORDS) return false;
  return true;
}
