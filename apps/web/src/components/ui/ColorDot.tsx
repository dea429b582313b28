import { Box } from '@mui/material';
import { colorHex } from '../../lib/category-colors.ts';

/** The category's colour; decorative, the name always stands next to it. */
export function ColorDot({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: color === 'grey' ? '#9E9E9E' : colorHex(color),
        boxShadow: (theme) =>
          `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 3px ${theme.palette.divider}`,
      }}
    />
  );
}
