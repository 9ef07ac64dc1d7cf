import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import { useMember, useTradeEnv } from '../core/trade-env';
import { canClose, isRunning, type TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { TradeSteps } from '../core/TradeSteps';
import { useTradeFlow } from '../core/useTradeFlow';
import type { Withdrawn } from './useCancelListing';
import '../core/trade.css';

const CANCEL_PLAN: readonly TradeStep[] = ['send'];

/**
 * The confirmation that ends a fixed-price sale's cancel (spec 3: each finishing action ends in one): the sale is
 * withdrawn; the seller may also cancel the signed listing on chain (costs gas). Also on /NftSell.
 */
export function ChainCancelPopup({
  withdrawn,
  productId,
  onClose,
}: {
  withdrawn: Withdrawn;
  productId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const state = flow.state;
  const running = isRunning(state);
  const start = () => {
    if (!env || !member) return;
    void flow
      .start({
        action: 'cancel',
        plan: CANCEL_PLAN,
        chain: env.chain,
        send: async (kit) =>
          kit.sendCancelListing(
            env.chain,
            await kit.requireAccount(member.address, env.chain),
            withdrawn.market,
            withdrawn.listing,
          ),
      })
      .then((done) => {
        if (done) void refreshAfterTrade('cancel', { productId, address: member.address });
      });
  };
  const close = () => {
    flow.reset();
    onClose();
  };
  return (
    <Dialog
      title={t('sales.cancelTitle')}
      onClose={canClose(state) ? close : undefined}
      size="md"
      testId="chain-cancel-popup"
    >
      <div className="trade-popup" data-trade-state={state.name}>
        <p className="popup-message" role="status" data-testid="sale-cancel-done">
          <strong>{t('sales.cancelled')}</strong>
        </p>
        <p className="popup-message">
          {state.name === 'indexed' ? t('sales.chainCancelDone') : t('sales.chainCancelOffer')}
        </p>
        {state.name !== 'idle' && <TradeSteps state={state} plan={CANCEL_PLAN} explorerUrl={env?.explorerUrl ?? ''} />}
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={close}
            disabled={!canClose(state)}
            data-testid="chain-cancel-later"
          >
            {state.name === 'indexed' ? t('steps.close') : t('sales.later')}
          </button>
          {state.name === 'failed' || state.name === 'cancelled' ? (
            <button type="button" className="btn btn-primary" onClick={flow.reset} data-testid="trade-retry">
              {t('steps.retry')}
            </button>
          ) : (
            state.name !== 'indexed' && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={start}
                disabled={running || !env}
                aria-busy={running}
                data-testid="chain-cancel-submit"
              >
                {t('sales.chainCancel')}
              </button>
            )
          )}
        </div>
      </div>
    </Dialog>
  );
}
