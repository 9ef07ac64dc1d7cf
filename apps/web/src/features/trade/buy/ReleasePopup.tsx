/**
 * The buyer releases their own purchase left at the wallet step (a "거래 대기" reservation they hold): the popup
 * says what happens (the Buy is voided on chain with a small transaction, its pieces go back on sale at once, the
 * purchase can no longer be paid), the wallet sends `voidBuy`, the steps show its progress, and it ends in a
 * confirmation once the server no longer holds the reservation (the indexer released it).
 */
import type { PendingPurchaseRow } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import { apiQuery } from '../../../lib/api';
import { useMember, useTradeEnv } from '../core/trade-env';
import { canClose, isRunning, type TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { TradeSteps } from '../core/TradeSteps';
import { useTradeFlow } from '../core/useTradeFlow';
import '../core/trade.css';

const RELEASE_PLAN: readonly TradeStep[] = ['send'];

export function ReleasePopup({
  pending,
  productId,
  onClose,
}: {
  pending: PendingPurchaseRow;
  productId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('trade');
  const env = useTradeEnv();
  const member = useMember();
  const flow = useTradeFlow();
  const state = flow.state;
  const running = isRunning(state);
  const done = state.name === 'indexed';
  const locale = i18n.language?.startsWith('en') ? 'en' : 'ko';
  const until = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(pending.psdExpired));

  const start = () => {
    if (!env || !member) return;
    void flow
      .start({
        action: 'cancel',
        plan: RELEASE_PLAN,
        chain: env.chain,
        send: async (kit) => kit.sendVoidBuy(env.chain, await kit.requireAccount(member.address, env.chain), pending),
        watch: productId,
        indexed: async () => {
          const mine = await apiQuery('/nft/instance/purchase/pending', {
            id: member.id,
            ticketId: member.ticketId,
            productId,
          });
          return !(mine.list ?? []).some((p) => p.psdId === pending.psdId);
        },
      })
      .then((ok) => {
        if (ok) void refreshAfterTrade('cancel', { productId, address: member.address });
      });
  };
  const close = () => {
    flow.reset();
    onClose();
  };
  return (
    <Dialog
      title={t('sales.releaseTitle')}
      onClose={canClose(state) ? close : undefined}
      size="md"
      testId="release-popup"
    >
      <div className="trade-popup" data-trade-state={state.name}>
        {done ? (
          <p className="popup-message" role="status" data-testid="release-done">
            <strong>{t('sales.releaseDone')}</strong>
          </p>
        ) : (
          <p className="popup-message" data-testid="release-confirm">
            {t('sales.releaseConfirm', { count: Number(pending.reservation.amount), time: until })}
          </p>
        )}
        {state.name !== 'idle' && <TradeSteps state={state} plan={RELEASE_PLAN} explorerUrl={env?.explorerUrl ?? ''} />}
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={close}
            disabled={!canClose(state)}
            data-testid="release-close"
          >
            {done ? t('steps.close') : t('sales.later')}
          </button>
          {state.name === 'failed' || state.name === 'cancelled' ? (
            <button type="button" className="btn btn-primary" onClick={flow.reset} data-testid="trade-retry">
              {t('steps.retry')}
            </button>
          ) : (
            !done && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={start}
                disabled={running || !env}
                aria-busy={running}
                data-testid="release-submit"
              >
                {t('sales.releaseSubmit')}
              </button>
            )
          )}
        </div>
      </div>
    </Dialog>
  );
}
