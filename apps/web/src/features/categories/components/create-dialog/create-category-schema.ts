import { z } from 'zod';
import i18n from '../../../../i18n/index.ts';
import { CATEGORY_COLORS } from '../../../../lib/category-colors.ts';

/** Spec §5: name and description are required; messages are looked up when a rule fails. */
export const createCategorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('categoryDialog.nameRequired') }),
  description: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('categoryDialog.descriptionRequired') }),
  color: z.enum(CATEGORY_COLORS),
  account: z
    .number({ error: () => i18n.t('categoryDialog.accountRequired') })
    .int()
    .positive(),
});
export type CreateCategoryValues = z.infer<typeof createCategorySchema>;

export const CREATE_CATEGORY_FIELDS = ['name', 'description', 'color', 'account'] as const;

/** Spec §9: blue by default. */
export const DEFAULT_CATEGORY_COLOR = 'blue' satisfies CreateCategoryValues['color'];

/** The server's field code in German; a missing name or description reads as in spec §5. */
export function fieldErrorText(field: (typeof CREATE_CATEGORY_FIELDS)[number], code: string) {
  if (code === 'REQUIRED' && field === 'name') return i18n.t('categoryDialog.nameRequired');
  if (code === 'REQUIRED' && field === 'description')
    return i18n.t('categoryDialog.descriptionRequired');
  if (code === 'REQUIRED' && field === 'account') return i18n.t('categoryDialog.accountRequired');
  return i18n.t(`categoryDialog.fieldErrors.${code}`, {
    defaultValue: i18n.t('categoryDialog.fieldErrors.INVALID'),
  });
}
