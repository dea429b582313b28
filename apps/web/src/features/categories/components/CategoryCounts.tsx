import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format.ts';

/** "1.234 E-Mails · 12 ungelesen" in de-DE numbers; unread stands out when there is any. */
export function CategoryCounts({ total, unread }: { total: number; unread: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: { sm: 'right' }, flexShrink: 0 }}>
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {t('categories.emails', { count: total, formatted: formatCount(total) })}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'block', color: unread > 0 ? 'text.primary' : 'text.secondary' }}
      >
        {t('categories.unread', { count: unread, formatted: formatCount(unread) })}
      </Typography>
    </Box>
  );
}
