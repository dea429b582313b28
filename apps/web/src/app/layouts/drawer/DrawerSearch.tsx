import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

/** Spec §2: 'Ordner/Konten suchen...' filters accounts and folders as the user types. */
export function DrawerSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.stopPropagation();
          onChange('');
        }
      }}
      placeholder={t('layout.searchPlaceholder')}
      slotProps={{
        htmlInput: {
          // The name is the spec's placeholder text, so it is found by either.
          'aria-label': t('layout.searchPlaceholder'),
          'data-testid': 'drawer-search',
          // The browser's own clear cross would sit next to ours.
          style: { WebkitAppearance: 'none' },
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Mdi name="magnify" sx={{ fontSize: 20 }} />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('layout.clearSearch')}
                onClick={() => onChange('')}
              >
                <Mdi name="close" sx={{ fontSize: 18 }} />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
      sx={{
        '& input[type=search]::-webkit-search-cancel-button': { display: 'none' },
      }}
    />
  );
}
