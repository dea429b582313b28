import type { MessageEnvelopeObject } from 'imapflow';
import type { AddressEntry } from '../../db/schema/emails.ts';

export function addresses(list: { name?: string; address?: string }[] | undefined): AddressEntry[] {
  return (list ?? [])
    .filter((a) => a.address || a.name)
    .map((a) => ({ name: (a.name ?? '').trim(), address: (a.address ?? '').trim().toLowerCase() }));
}

/** Message-IDs from a References or In-Reply-To header, in order, without angle brackets. */
export function parseMessageIds(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...value.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!).filter(Boolean);
}

export function stripAngles(id: string | undefined | null): string | null {
  if (!id) return null;
  const inner = /<([^<>]+)>/.exec(id)?.[1] ?? id.trim();
  return inner || null;
}

/** The header value of one field from imapflow's raw header bytes (folded lines joined). */
export function headerValue(raw: Buffer | undefined, name: string): string | undefined {
  if (!raw) return undefined;
  const text = raw.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(text);
  return match?.[1]?.trim();
}

/**
 * A thread is named by its first message: the oldest reference (RFC 5322 §3.6.4 keeps the thread
 * root first), else the parent, else the message itself.
 */
export function threadIdFor(
  messageId: string | null,
  inReplyTo: string | null,
  references: string[],
): string | null {
  return references[0] ?? inReplyTo ?? messageId;
}

export function envelopeFields(envelope: MessageEnvelopeObject | undefined) {
  const from = addresses(envelope?.from)[0];
  return {
    subject: (envelope?.subject ?? '').replace(/\s+/g, ' ').trim(),
    fromName: from?.name ?? '',
    fromAddress: from?.address ?? '',
    toAddresses: addresses(envelope?.to),
    ccAddresses: addresses(envelope?.cc),
    bccAddresses: addresses(envelope?.bcc),
    replyTo: addresses(envelope?.replyTo),
    sentAt:
      envelope?.date && !Number.isNaN(new Date(envelope.date).getTime())
        ? new Date(envelope.date)
        : null,
    messageId: stripAngles(envelope?.messageId),
    inReplyTo: stripAngles(envelope?.inReplyTo),
  };
}
