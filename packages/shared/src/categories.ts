import { z } from 'zod';

/** Spec §2: the colour list of the category dialog; blue is the default (spec §9). */
export const CATEGORY_COLORS = [
  'blue',
  'green',
  'red',
  'orange',
  'purple',
  'cyan',
  'pink',
  'indigo',
  'teal',
  'yellow-darken-2',
] as const;
export const categoryColorSchema = z.enum(CATEGORY_COLORS);

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  account: z.number().int(),
  email_count: z.number().int(),
  unread_email_count: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  color: z.string().nullable().optional(),
  account: z.union([z.number(), z.string()]).nullable().optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
