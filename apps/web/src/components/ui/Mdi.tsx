import { Icon, type IconProps } from '@mui/material';

/** A Material Design Icons webfont glyph (spec §2: a font-based icon set). Decorative by default. */
export function Mdi({ name, ...props }: { name: string } & Omit<IconProps, 'children'>) {
  return <Icon baseClassName="mdi" className={`mdi-${name}`} aria-hidden {...props} />;
}
