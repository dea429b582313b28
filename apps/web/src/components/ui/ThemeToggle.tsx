import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../theme/theme-mode.tsx';
import { Mdi } from './Mdi.tsx';

export function ThemeToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const { mode, toggle } = useThemeMode();
  const { t } = useTranslation();
  const label = mode === 'light' ? t('common.themeToDark') : t('common.themeToLight');
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} color={color} data-testid="theme-toggle">
        <Mdi name={mode === 'light' ? 'weather-night' : 'white-balance-sunny'} />
      </IconButton>
    </Tooltip>
  );
}
