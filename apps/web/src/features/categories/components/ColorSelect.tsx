import { Box, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS, colorNameKey } from '../../../lib/category-colors.ts';
import { ColorDot } from '../../../components/ui/ColorDot.tsx';

/** Spec §2's colour list with German names and a swatch each. */
export const ColorSelect = forwardRef<HTMLDivElement, TextFieldProps>(
  function ColorSelect(props, ref) {
    const { t } = useTranslation();
    return (
      <TextField
        {...props}
        ref={ref}
        select
        slotProps={{
          select: {
            renderValue: (value) => (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}
              >
                <ColorDot color={String(value)} />
                {t(colorNameKey(String(value)))}
              </Box>
            ),
          },
        }}
      >
        {CATEGORY_COLORS.map((color) => (
          <MenuItem key={color} value={color} sx={{ gap: 1.25 }}>
            <ColorDot color={color} />
            {t(colorNameKey(color))}
          </MenuItem>
        ))}
      </TextField>
    );
  },
);
