import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      sx={{ width: size, height: size, flexShrink: 0 }}
      aria-hidden
    >
      <rect width="64" height="64" rx="14" fill="#6D4C41" />
      <path d="M12 20h40v26H12z" fill="#FAF7F2" />
      <path
        d="M12 20l20 15 20-15"
        fill="none"
        stroke="#B3541E"
        strokeWidth="4"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** `wordmarkFromSm`: on a phone the mark alone, so the header's buttons keep their room. */
export function Logo({
  to = '/',
  wordmarkFromSm = false,
}: {
  to?: string;
  wordmarkFromSm?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={t('common.homeLink')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
      }}
    >
      <LogoMark />
      <Typography
        component="span"
        variant="h6"
        sx={{
          fontWeight: 700,
          letterSpacing: 0.2,
          display: wordmarkFromSm ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {t('common.appName')}
      </Typography>
    </Box>
  );
}
