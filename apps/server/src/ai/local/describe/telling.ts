import { isStopWord } from '../text/stopwords.ts';

// Words every kind of mail has in its subject: no keyword of a category.
const CALENDAR =
  /^(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday|heute|morgen|gestern|woche|monat|jahr)$/i;

/** Whether a word can say what a group of mail is about (for names and descriptions). */
export const telling = (term: string) =>
  term.length > 2 && !isStopWord(term.toLowerCase()) && !CALENDAR.test(term) && !/\d/.test(term);
