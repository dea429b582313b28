/**
 * Every name IANA registers for ASCII. Over 8-bit bytes each is the same lie as "us-ascii":
 * glibc answers "ANSI_X3.4-1968" for the C locale's charset, and scripts write that into mail.
 */
export const ASCII_NAMES = [
  ...['us-ascii', 'ascii', 'ansi_x3.4-1968', 'ansi_x3.4-1986', 'iso646-us', 'iso_646.irv:1991'],
  ...['iso-ir-6', 'us', 'csascii', 'cp367', 'ibm367', '646'],
];

export const isAsciiLabel = (label: string) => ASCII_NAMES.includes(label.trim().toLowerCase());

/** A label as a literal part of a regular expression. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
