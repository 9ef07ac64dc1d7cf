/**
 * The progress of a trade in its popup: the steps (approve -> confirm in wallet -> on chain -> done) with their
 * status, what is happening now, the failure text (from the one translator) and, once done, the transaction link.
 * `data-trade-state` carries the machine's state for tests and assistive tools follow the live region.
 */
import { useTranslation } from 'react-i18next';
import { TxHash } from '../../../components/ui/TxHash';
import { shownSteps, stepStatuses, type TradeState, type TradeStep } from './trade-machine';

export interface TradeStepsProps {
  state: TradeState;
  plan: readonly TradeStep[];
  explorerUrl: string;
  /** What the approve step approves: a token allowance or the item contract. */
  approveKind?: 'token' | 'items';
}

function nowText(state: TradeState, approveKind: 'token' | 'items'): string | null {
  switch (state.name) {
    case 'reserving':
      return 'steps.reserving';
    case 'approving':
      return state.hash ? 'steps.approvingSent' : approveKind === 'items' ? 'steps.approvingItems' : 'steps.approving';
    case 'awaitingWallet':
      return state.action === 'sign' ? 'steps.awaitingSignature' : 'steps.awaitingWallet';
    case 'confirming':
      return state.mined ? 'steps.indexing' : 'steps.confirming';
    case 'cancelled':
      return 'steps.cancelled';
    default:
      return null;
  }
}

export function TradeSteps({ state, plan, explorerUrl, approveKind = 'token' }: TradeStepsProps) {
  const { t } = useTranslation('trade');
  const statuses = stepStatuses(state, plan);
  const steps = shownSteps(plan);
  const now = nowText(state, approveKind);
  const hash =
    state.name === 'confirming' || state.name === 'indexed' || state.name === 'failed' ? state.hash : undefined;
  const label = (s: (typeof steps)[number]) =>
    s === 'approve'
      ? t(approveKind === 'items' ? 'steps.approveItems' : 'steps.approve')
      : s === 'wallet' && plan.includes('sign') && !plan.includes('send')
        ? t('steps.sign')
        : t(`steps.${s}`);
  return (
    <div className="trade-steps" data-testid="trade-steps" data-trade-state={state.name}>
      <h3 className="sr-only">{t('steps.title')}</h3>
      <ol className="trade-step-list">
        {steps.map((s, i) => (
          <li
            key={s}
            className={`trade-step is-${statuses[s]}`}
            data-step={s}
            data-status={statuses[s]}
            aria-current={statuses[s] === 'active' ? 'step' : undefined}
          >
            <span className="trade-step-dot" aria-hidden="true">
              {statuses[s] === 'done' ? '✓' : statuses[s] === 'failed' ? '!' : i + 1}
            </span>
            <span className="trade-step-label">{label(s)}</span>
            <span className="sr-only">{t(`steps.status.${statuses[s]}`)}</span>
          </li>
        ))}
      </ol>
      <p className="trade-now" role="status" aria-live="polite" data-testid="trade-now">
        {now ? t(now as 'steps.reserving') : ''}
      </p>
      {state.name === 'failed' && (
        <p className="field-error" role="alert" data-testid="trade-error">
          {t(state.messageKey as 'errors.failed', { ns: ['trade', 'errors'] })}
        </p>
      )}
      {hash && (
        <p className="small">
          <TxHash
            hash={hash}
            explorerUrl={explorerUrl}
            className="mono"
            linkText={(short) => t('steps.txLink', { hash: short })}
            plainText={(short) => t('steps.txHash', { hash: short })}
            linkTestId="trade-tx-link"
            plainTestId="trade-tx-hash"
          />
        </p>
      )}
    </div>
  );
}

/** The end of a trade popup: what was done, the steps with the transaction link, and close. */
export function TradeDone({
  message,
  testId,
  onClose,
  ...steps
}: TradeStepsProps & { message: string; testId: string; onClose: () => void }) {
  const { t } = useTranslation('trade');
  return (
    <div className="trade-done" data-testid={testId}>
      <p className="popup-message">{message}</p>
      <TradeSteps {...steps} />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="trade-close">
          {t('steps.close')}
        </button>
      </div>
    </div>
  );
}
