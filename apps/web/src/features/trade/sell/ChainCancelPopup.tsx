import { useTranslation } from 'react-i18next';
import type { TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { ChainActionPopup } from '../popup/ChainActionPopup';
import type { Withdrawn } from './useCancelListing';

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
  return (
    <ChainActionPopup
      action="cancel"
      testId="chain-cancel"
      title={t('sales.cancelTitle')}
      submitLabel={t('sales.chainCancel')}
      plan={CANCEL_PLAN}
      confirm={{
        closeTestId: 'chain-cancel-later',
        later: t('sales.later'),
        body: (done) => (
          <>
            <p className="popup-message" role="status" data-testid="sale-cancel-done">
              <strong>{t('sales.cancelled')}</strong>
            </p>
            <p className="popup-message">{done ? t('sales.chainCancelDone') : t('sales.chainCancelOffer')}</p>
          </>
        ),
      }}
      send={async (kit, env, member) =>
        kit.sendCancelListing(
          env.chain,
          await kit.requireAccount(member.address, env.chain),
          withdrawn.market,
          withdrawn.listing,
        )
      }
      refresh={(address) => refreshAfterTrade('cancel', { productId, address })}
      onClose={onClose}
    />
  );
}
