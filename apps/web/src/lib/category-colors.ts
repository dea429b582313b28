import { CATEGORY_COLORS } from '@brieftaube/shared';

export type CategoryColor = (typeof CATEGORY_COLORS)[number];
export { CATEGORY_COLORS };

// Spec §2's Vuetify colour names as Material Design 500 shades (yellow-darken-2 is yellow 700).
const HEX: Record<CategoryColor | 'grey', string> = {
  blue: '#2196F3',
  green: '#4CAF50',
  red: '#F44336',
  orange: '#FF9800',
  purple: '#9C27B0',
  cyan: '#00BCD4',
  pink: '#E91E63',
  indigo: '#3F51B5',
  teal: '#009688',
  'yellow-darken-2': '#FBC02D',
  grey: '#9E9E9E',
};

/** The colour to paint: a known name or a hex value; anything else is blue, the default (spec §9). */
export const colorHex = (color: string | null | undefined): string => {
  if (color && /^#[0-9a-f]{3,8}$/i.test(color)) return color;
  return HEX[(color ?? '') as CategoryColor] ?? HEX.blue;
};

/** The i18n key of a colour's German name. */
export const colorNameKey = (color: string) => `categories.colors.${color in HEX ? color : 'blue'}`;
