import { Spinner } from './Spinner';

/** The loading and failed states of a page or a list: a spinner, or a message with a retry button. */
export function LoadState({
  loading,
  error,
  loadingText,
  errorText,
  retryText,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  loadingText: string;
  errorText: string;
  retryText: string;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <div className="load-state" data-testid="loading">
        <Spinner label={loadingText} />
      </div>
    );
  }
  if (error) {
    return (
      <div className="load-state" role="alert" data-testid="load-failed">
        <p>{errorText}</p>
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {retryText}
        </button>
      </div>
    );
  }
  return null;
}
