import {
  Alert,
  AppBar,
  Box,
  Button,
  Container,
  Link,
  Snackbar,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import { Logo } from '../ui/Logo.tsx';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';

/** Spec §2 "Landing layout": header with logo, theme toggle, Login and 'Kostenlos starten'. */
export function MarketingLayout() {
  const { t } = useTranslation();
  const { accessToken } = useSession();
  const location = useLocation();
  const routedError = (location.state as { error?: string } | null)?.error ?? null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const error = routedError !== dismissed ? routedError : null;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <AppBar
        position="sticky"
        color="inherit"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Container maxWidth="lg" sx={{ px: { xs: 1.5, sm: 3 } }}>
          <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 } }}>
            <Logo wordmarkFromSm />
            <Box
              component="nav"
              aria-label={t('layout.navigation')}
              sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 4 }}
            >
              <Button color="inherit" href="#funktionen">
                {t('landing.navFeatures')}
              </Button>
              <Button color="inherit" href="#sicherheit">
                {t('landing.navSecurity')}
              </Button>
              <Button color="inherit" href="#fragen">
                {t('landing.navFaq')}
              </Button>
            </Box>
            <Box sx={{ flex: 1 }} />
            <ThemeToggle />
            {accessToken ? (
              <Button variant="contained" component={RouterLink} to="/app">
                {t('common.toApp')}
              </Button>
            ) : (
              <>
                <Button
                  color="inherit"
                  component={RouterLink}
                  to="/login"
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: { xs: 1, sm: 2 } }}
                >
                  {t('common.login')}
                </Button>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to="/register"
                  data-testid="cta-start"
                  // One line on a phone too: a wrapped button grows out of the header.
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: { xs: 1.25, sm: 2 } }}
                >
                  {t('common.startFree')}
                </Button>
              </>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <MarketingFooter />
      <Snackbar open={!!error} autoHideDuration={5000} onClose={() => setDismissed(error)}>
        <Alert severity="error" variant="filled" onClose={() => setDismissed(error)}>
          {error}
        </Alert>
      </Snackbar>
    </Box>
  );
}

function MarketingFooter() {
  const { t } = useTranslation();
  const groups = [
    {
      title: t('landing.footerProduct'),
      links: [
        [t('landing.footerFeatures'), '#funktionen'],
        [t('landing.footerSteps'), '#so-gehts'],
        [t('landing.footerSecurity'), '#sicherheit'],
        [t('landing.footerFaq'), '#fragen'],
      ],
    },
    {
      title: t('landing.footerCompany'),
      links: [
        [t('landing.footerAbout'), '#ueber-uns'],
        [t('landing.footerPrivacy'), '#datenschutz'],
        [t('landing.footerOpenSource'), '#warum'],
      ],
    },
  ];
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 6 }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={6}
          sx={{ justifyContent: 'space-between' }}
        >
          <Box sx={{ maxWidth: 320 }}>
            <Logo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('landing.heroEyebrow')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={8}>
            {groups.map((group) => (
              <Box key={group.title} component="nav" aria-label={group.title}>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
                  {group.title}
                </Typography>
                <Stack spacing={1}>
                  {group.links.map(([label, href]) => (
                    <Link key={href} href={href} color="text.secondary" variant="body2">
                      {label}
                    </Link>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 5 }}>
          {t('landing.footerCopyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
