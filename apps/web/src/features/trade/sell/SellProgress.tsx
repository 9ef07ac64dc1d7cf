import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import type { TradeState, TradeStep } from '../core/trade-machine';
import { sellProgress } from './sell-progress';

/** The listing's steps while they run (approve -> sign -> register), and why they stopped; closable once stopped. */
export function SellProgress({
  state,
  plan,
  onClose,
}: {
  state: TradeState;
  plan: readonly TradeStep[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['sell', 'trade', 'errors']);
  const progress = sellProgress(state, plan);
  const stopped = state.name === 'failed' || state.name === 'cancelled';
  return (
    <Dialog
      title={t('sell:steps.title')}
      onClose={stopped ? onClose : undefined}
      testId="sell-progress"
      footer={
        stopped ? (
          <button type="button" className="btn btn-primary" onClick={onClose} data-testid="sell-progress-close">
            {t('sell:steps.close')}
          </button>
        ) : undefined
      }
    >
      <ol className="sell-steps" aria-live="polite">
        {progress.steps.map((s) => (
          <li
            key={s.key}
            className={`sell-step sell-step-${s.state}`}
            data-testid={`sell-step-${s.key}`}
            data-state={s.state}
          >
            <span className="sell-step-mark" aria-hidden="true">
              {s.state === 'done' ? '✓' : s.state === 'failed' ? '!' : s.state === 'active' ? '…' : '·'}
            </span>
            <span className="sell-step-label">{t(`sell:steps.${s.key}`)}</span>
            <span className="sell-step-state small muted">{t(`sell:steps.state.${s.state}`)}</span>
          </li>
        ))}
      </ol>
      {progress.problem && (
        <p className="field-error" role="alert" data-testid="sell-progress-error">
          {t(progress.problem as 'trade:errors.failed')}
        </p>
      )}
    </Dialog>
  );
}
