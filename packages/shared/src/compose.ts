import { coercedRowId, rowId } from './ids.ts';
import { z } from 'zod';

const recipients = z.union([z.string(), z.array(z.string())]).optional();

/**
 * A media type as RFC 2045 §5.1 and RFC 6838 §4.2 spell it, optionally with parameters. It goes
 * into the attachment's Content-Type header: a line break or any other control character in it
 * would be refused by the header's grammar, so it is refused here rather than bent by the MIME
 * writer. Empty means "unknown" (a browser's File.type for an unknown extension).
 */
export const MEDIA_TYPE_PATTERN =
  // eslint-disable-next-line no-control-regex -- a quoted parameter value holds no control character
  /^(?:[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(?:[ \t]*;[ \t]*[a-z0-9!#$&^_.+-]+=(?:[a-z0-9!#$&^_.+-]+|"[^"\\\x00-\x1f\x7f]*"))*)?$/i;

export const composeInputSchema = z.object({
  account: coercedRowId(),
  to: recipients,
  cc: recipients,
  bcc: recipients,
  subject: z.string().max(998).optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        content_type: z.string().max(255).regex(MEDIA_TYPE_PATTERN).optional(),
        // Anything else would be dropped by the decoder and the file sent cut short.
        content_base64: z.string().regex(/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/),
      }),
    )
    .max(50)
    .optional(),
  /** The e-mail this one answers (sets In-Reply-To/References and \\Answered). */
  in_reply_to_email: rowId().optional(),
  /** The e-mail this one forwards; its attachments travel along. */
  forward_of: rowId().optional(),
  /** The draft this message replaces (each save replaces the last; sending removes it). */
  draft_id: rowId().optional(),
  /**
   * File names of the replaced draft's attachments that travel on (a draft opened for editing
   * keeps its files without sending them back); each name carries one file of that name.
   */
  keep_attachments: z.array(z.string().min(1).max(255)).max(50).optional(),
});
export type ComposeInput = z.infer<typeof composeInputSchema>;

export const replyTemplateSchema = z.object({
  account: z.number().int(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  in_reply_to_email: z.number().int().nullable(),
  forward_of: z.number().int().nullable(),
  /** Set when a draft is opened for editing: the draft that saving replaces. */
  draft_id: z.number().int().nullable(),
  attachments: z.array(z.object({ filename: z.string(), size: z.number().int() })),
});

export const contactSchema = z.object({
  name: z.string(),
  address: z.string(),
  count: z.number().int(),
});
