import { Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { useSession } from '../../lib/use-session.ts';
import { LandingSections } from './LandingSections.tsx';

export function LandingPage() {
  const { t } = useTranslation();
  // Signed in (spec §4 brings the user here after login): the way in, not the sign-up.
  const { accessToken } = useSession();
  const theme = useTheme();
  const { start, end } = theme.palette.gradient;
  return (
    <>
      <Box
        sx={{
          background: `linear-gradient(135deg, ${start} 0%, ${end} 100%)`,
          color: theme.palette.mode === 'dark' ? '#0F1A24' : '#FFFFFF',
          py: { xs: 8, md: 12 },
        }}
      >
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
              gap: 6,
              alignItems: 'center',
            }}
          >
            <Box>
              <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: 1.2 }}>
                {t('landing.heroEyebrow')}
              </Typography>
              <Typography
                variant="h2"
                component="h1"
                sx={{ fontSize: { xs: '2.4rem', md: '3.4rem' }, mt: 1 }}
              >
                {t('landing.heroTitle')}
              </Typography>
              <Typography variant="h6" component="p" sx={{ mt: 3, fontWeight: 400, opacity: 0.95 }}>
                {t('landing.heroText')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
                <Button
                  size="large"
                  variant="contained"
                  component={RouterLink}
                  to={accessToken ? '/app' : '/register'}
                  sx={{
                    bgcolor: 'background.paper',
                    color: 'text.primary',
                    '&:hover': { bgcolor: 'background.default' },
                  }}
                >
                  {accessToken ? t('common.toApp') : t('landing.heroPrimary')}
                </Button>
                {!accessToken && (
                  <Button
                    size="large"
                    variant="outlined"
                    component={RouterLink}
                    to="/login"
                    sx={{ color: 'inherit', borderColor: 'currentColor' }}
                  >
                    {t('landing.heroSecondary')}
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" sx={{ mt: 2, opacity: 0.9 }}>
                {t('landing.heroNote')}
              </Typography>
            </Box>
            <InboxPreview />
          </Box>
        </Container>
      </Box>
      <LandingSections />
    </>
  );
}

/** A still picture of the product, drawn with real components rather than a screenshot. */
function InboxPreview() {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = [
    theme.palette.info.main,
    theme.palette.success.main,
    theme.palette.secondary.main,
    theme.palette.warning.main,
  ];
  return (
    <Paper
      elevation={8}
      aria-hidden
      sx={{ p: 2, borderRadius: 3, display: { xs: 'none', md: 'block' } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, px: 1 }}>
        <Mdi name="inbox" sx={{ color: 'text.secondary' }} />
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('landing.previewInbox')}
        </Typography>
      </Stack>
      {de.landing.previewItems.map((item, index) => (
        <Box
          key={item.subject}
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            p: 1.25,
            borderRadius: 2,
            bgcolor: index === 0 ? alpha(theme.palette.primary.main, 0.25) : 'transparent',
          }}
        >
          <Box
            sx={{
              width: 36,
              height: 36,
              borderRadius: '50%',
              bgcolor: colors[index],
              color: '#fff',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
            }}
          >
            {item.from.charAt(0)}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: index < 2 ? 700 : 400 }} noWrap>
              {item.from}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {item.subject}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={item.tag}
            sx={{ bgcolor: alpha(colors[index] ?? '#888', 0.18) }}
          />
        </Box>
      ))}
    </Paper>
  );
}
