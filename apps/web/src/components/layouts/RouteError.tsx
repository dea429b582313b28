import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * What a screen that failed to render shows instead of React Router's English default page. The
 * usual cause after an update is a screen's code that no longer exists on the server, so this
 * page must not need another chunk itself: plain elements, in the entry bundle.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Screen failed to render', error), [error]);
  return (
    <main
      role="alert"
      style={{ maxWidth: 480, margin: '15vh auto', padding: 24, textAlign: 'center' }}
    >
      <h1 style={{ fontSize: '1.5rem', fontWeight: 600 }}>{t('routeError.title')}</h1>
      <p style={{ opacity: 0.8, lineHeight: 1.5 }}>{t('routeError.text')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 24 }}>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ font: 'inherit', padding: '8px 16px', borderRadius: 8, cursor: 'pointer' }}
        >
          {t('routeError.reload')}
        </button>
        <a href="/app" style={{ color: 'inherit', alignSelf: 'center' }}>
          {t('routeError.home')}
        </a>
      </p>
    </main>
  );
}
