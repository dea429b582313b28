import { coercedRowId, looseBoolean } from './ids.ts';
import { z } from 'zod';

export const folderTypeSchema = z.enum([
  'inbox',
  'sent',
  'drafts',
  'archive',
  'spam',
  'trash',
  'custom',
  'other',
]);
export type FolderType = z.infer<typeof folderTypeSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  account: z.number().int(),
  parent: z.number().int().nullable(),
  name: z.string(),
  display_name: z.string(),
  path: z.string(),
  folder_type: folderTypeSchema,
  special_use: z.string().nullable(),
  selectable: z.boolean(),
  sync_enabled: z.boolean(),
  total_emails: z.number().int(),
  unread_emails: z.number().int(),
  last_synced_at: z.string().nullable(),
});
export type Folder = z.infer<typeof folderSchema>;

export type FolderNode = Folder & { children: FolderNode[] };
// Named, so that the API description can refer to the recursion as one component.
export const folderNodeSchema: z.ZodType<FolderNode> = folderSchema
  .extend({
    get children() {
      return z.array(folderNodeSchema);
    },
  })
  .meta({ id: 'FolderNode' });

export const folderCreateSchema = z.object({
  account: coercedRowId().optional(),
  account_id: coercedRowId().optional(),
  name: z.string().optional(),
  parent: coercedRowId().nullable().optional(),
});

export const folderPatchSchema = z.object({
  name: z.string().optional(),
  sync_enabled: looseBoolean().optional(),
});

export const folderSyncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  folders: z.array(folderNodeSchema),
});

export const folderStatisticsSchema = z.object({
  total_folders: z.number().int(),
  total_emails: z.number().int(),
  unread_emails: z.number().int(),
  by_type: z.record(
    z.string(),
    z.object({
      folders: z.number().int(),
      total_emails: z.number().int(),
      unread_emails: z.number().int(),
    }),
  ),
});
