import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';

/** Loading and error states of a support list (the empty state is the page's own text). */
export function ListState({ loading, error, onRetry }: { loading: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useTranslation('support');
  if (loading) {
    return (
      <div className="card empty-state" role="status" data-testid="list-loading">
        <Spinner />
        <p>{t('state.loading')}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className="card empty-state" role="alert" data-testid="list-error">
        <p>{t('state.error')}</p>
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {t('state.retry')}
        </button>
      </div>
    );
  }
  return null;
}
