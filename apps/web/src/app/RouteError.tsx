import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { pageReloader, reloadOnce } from './reload-once';

/**
 * What a route shows when its page failed to load or render: the page reloads once (`reloadOnce`); after that,
 * the error with a retry (a reload the member asks for) and a way home. Its texts are in the shell's catalogue,
 * which is bundled, so they show even when no chunk can be downloaded.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('[router] navigation failed', error);
  if (reloadOnce()) return null;
  return (
    <main className="page page-narrow center-card" data-testid="route-error">
      <div className="card hero-card" role="alert">
        <h1>{t('routeError.title')}</h1>
        <p className="muted">{t('routeError.text')}</p>
        <div className="button-row">
          <a href="/" className="btn btn-secondary" data-testid="route-error-home">
            {t('routeError.home')}
          </a>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="route-error-retry"
            onClick={() => pageReloader.reload()}
          >
            {t('routeError.retry')}
          </button>
        </div>
      </div>
    </main>
  );
}
