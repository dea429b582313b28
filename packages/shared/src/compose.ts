import { coercedRowId, rowId } from './ids.ts';
import { z } from 'zod';

const recipients = z.union([z.string(), z.array(z.string())]).optional();

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
        content_type: z.string().optional(),
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
