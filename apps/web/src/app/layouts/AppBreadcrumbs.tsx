import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

/** Spec §2: 'Start', then the screen's own crumb(s). */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs: { label: string; to?: string }[] = [];
  if (pathname.startsWith('/app/emails/')) crumbs.push({ label: t('layout.breadcrumbEmail') });
  else if (pathname.startsWith('/app/compose'))
    crumbs.push({ label: t('layout.breadcrumbCompose') });
  else if (pathname.startsWith('/app/ask')) crumbs.push({ label: t('ai.ask.title') });
  else if (pathname.startsWith('/app/ai-search')) crumbs.push({ label: t('ai.search.title') });
  else if (pathname.startsWith('/app/accounts'))
    crumbs.push({ label: t('layout.breadcrumbAccounts') });
  else if (/^\/app\/categories\/[^/]+/.test(pathname)) {
    crumbs.push(
      { label: t('layout.breadcrumbCategories'), to: '/app/categories' },
      { label: t('layout.breadcrumbCategory') },
    );
  } else if (pathname.startsWith('/app/categories'))
    crumbs.push({ label: t('layout.breadcrumbCategories') });

  return (
    <Breadcrumbs aria-label={t('layout.breadcrumbs')} sx={{ mb: 2 }}>
      {crumbs.length === 0 ? (
        <Typography sx={{ color: 'text.primary' }}>{t('layout.breadcrumbStart')}</Typography>
      ) : (
        <Link component={RouterLink} to="/app" color="inherit">
          {t('layout.breadcrumbStart')}
        </Link>
      )}
      {crumbs.map((crumb, index) =>
        crumb.to && index < crumbs.length - 1 ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} sx={{ color: 'text.primary' }} aria-current="page">
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
