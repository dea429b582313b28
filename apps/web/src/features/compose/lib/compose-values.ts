import type { ComposeInput } from '@brieftaube/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import i18n from '../../../i18n/index.ts';
import { type Recipient, recipientForServer } from './addresses.ts';
import {
  type ForwardedAttachment,
  type LocalAttachment,
  MAX_ATTACHMENT_BYTES,
  fileToBase64,
  formatBytes,
  totalBytes,
} from './attachments.ts';

export interface ComposeValues {
  account: number | '';
  to: Recipient[];
  cc: Recipient[];
  bcc: Recipient[];
  subject: string;
  attachments: LocalAttachment[];
}

export type RecipientFieldName = 'to' | 'cc' | 'bcc';
export const RECIPIENT_FIELDS: RecipientFieldName[] = ['to', 'cc', 'bcc'];

/** Everything the form starts with: a new message, or the server's reply/forward template. */
export interface ComposeSetup {
  values: ComposeValues;
  html: string;
  inReplyTo: number | null;
  forwardOf: number | null;
  forwarded: ForwardedAttachment[];
  /** A draft opened for editing: the draft that saving replaces (its files stay on the server). */
  draftId: number | null;
  /** Replies start writing above the quote; new mail and forwards start with the recipients. */
  focus: 'to' | 'body';
  /** Where sending or discarding leads: the original mail, or the inbox. */
  backTo: string;
  /** Taken from the browser's backup: not on the server yet, so it is saved as a change. */
  restored?: boolean;
}

/** The message body as the editor holds it. */
export interface ComposeBody {
  html: string;
  text: string;
}

export const invalidAddressMessage = (list: Recipient[]): string | undefined => {
  const invalid = list.filter((r) => !r.valid);
  if (!invalid.length) return undefined;
  return i18n.t('compose.validation.invalidAddress', {
    addresses: invalid.map((r) => r.address || r.name).join(', '),
  });
};

export const attachmentsTooLargeMessage = (bytes: number) =>
  i18n.t('compose.attachments.tooLarge', {
    size: formatBytes(bytes),
    limit: formatBytes(MAX_ATTACHMENT_BYTES),
  });

/**
 * The compose rules (the spec leaves them open): an account, at least one recipient, every
 * address valid, and the attachments within the server's limit. An empty subject is allowed
 * after a confirmation, which the form asks for separately.
 */
export function composeResolver(forwarded: ForwardedAttachment[]): Resolver<ComposeValues> {
  return (values) => {
    const errors: FieldErrors<ComposeValues> = {};
    if (values.account === '')
      errors.account = { type: 'required', message: i18n.t('compose.validation.accountRequired') };
    for (const field of RECIPIENT_FIELDS) {
      const message = invalidAddressMessage(values[field]);
      if (message) errors[field] = { type: 'invalid', message };
    }
    if (!errors.to && values.to.length + values.cc.length + values.bcc.length === 0)
      errors.to = { type: 'required', message: i18n.t('compose.validation.recipientRequired') };
    const bytes = totalBytes(values.attachments, forwarded);
    if (bytes > MAX_ATTACHMENT_BYTES)
      errors.attachments = { type: 'size', message: attachmentsTooLargeMessage(bytes) };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The server takes names of 1 to 255 characters; a longer one keeps its extension. */
export function attachmentName(name: string): string {
  if (!name) return 'Anhang';
  if (name.length <= 255) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const head = name.slice(0, 255 - extension.length);
  // Not half an emoji: the server refuses text with half a surrogate pair.
  return head.replace(/[\ud800-\udbff]$/, '') + extension;
}

/** True when there is nothing worth keeping as a draft. */
export const isBlank = (values: ComposeValues, bodyIsEmpty: boolean) =>
  !values.to.length &&
  !values.cc.length &&
  !values.bcc.length &&
  !values.subject.trim() &&
  !values.attachments.length &&
  bodyIsEmpty;

/**
 * The request body of POST /api/emails/send/ and /api/drafts/. A draft keeps only the valid
 * addresses: the server refuses a draft with an invalid one, and the form still shows them.
 */
export async function toComposeInput(
  values: ComposeValues,
  body: ComposeBody,
  setup: ComposeSetup,
  draftId: number | undefined,
  kept: ForwardedAttachment[] = [],
): Promise<ComposeInput> {
  const recipients = (list: Recipient[]) => list.filter((r) => r.valid).map(recipientForServer);
  const attachments = await Promise.all(
    values.attachments.map(async ({ file }) => ({
      filename: attachmentName(file.name),
      content_type: file.type || 'application/octet-stream',
      content_base64: await fileToBase64(file),
    })),
  );
  return {
    account: Number(values.account),
    to: recipients(values.to),
    cc: recipients(values.cc),
    bcc: recipients(values.bcc),
    subject: values.subject,
    html: body.html,
    text: body.text,
    attachments,
    ...(setup.inReplyTo ? { in_reply_to_email: setup.inReplyTo } : {}),
    ...(setup.forwardOf ? { forward_of: setup.forwardOf } : {}),
    ...(draftId ? { draft_id: draftId } : {}),
    // Each save replaces the draft that holds the files, and the new draft holds them again.
    ...(draftId && setup.draftId && kept.length
      ? { keep_attachments: kept.map((a) => a.filename) }
      : {}),
  };
}
