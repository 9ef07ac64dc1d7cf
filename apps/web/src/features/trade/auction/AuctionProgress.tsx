import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import { canClose, isFinished, type TradeState, type TradeStep } from '../core/trade-machine';
import { TradeSteps } from '../core/TradeSteps';
import '../core/trade.css';

/**
 * The auction registration's steps while they run (the server's signed terms, the item approval when needed, the
 * wallet, the chain, the marketplace showing it), and why they stopped; closable once stopped, never while a
 * transaction is on its way to a block.
 */
export function AuctionProgress(p: {
  state: TradeState;
  plan: readonly TradeStep[];
  explorerUrl: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sell', 'trade']);
  const closable = isFinished(p.state) && canClose(p.state);
  return (
    <Dialog
      title={t('sell:auction.progressTitle')}
      onClose={closable ? p.onClose : undefined}
      size="md"
      testId="auction-progress"
      footer={
        closable ? (
          <button type="button" className="btn btn-primary" onClick={p.onClose} data-testid="auction-progress-close">
            {t('trade:steps.close')}
          </button>
        ) : undefined
      }
    >
      <TradeSteps state={p.state} plan={p.plan} explorerUrl={p.explorerUrl} approveKind="items" />
    </Dialog>
  );
}
