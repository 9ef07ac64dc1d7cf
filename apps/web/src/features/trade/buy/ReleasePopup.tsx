/**
 * The buyer releases their own purchase left at the wallet step (a "거래 대기" reservation they hold): the popup
 * says what happens (the Buy is voided on chain with a small transaction, its pieces go back on sale at once, the
 * purchase can no longer be paid), the wallet sends `voidBuy`, the steps show its progress, and it ends in a
 * confirmation once the server no longer holds the reservation (the indexer released it).
 */
import type { PendingPurchaseRow } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../lib/api';
import type { TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { ChainActionPopup } from '../popup/ChainActionPopup';

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
  const locale = i18n.language?.startsWith('en') ? 'en' : 'ko';
  const until = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(pending.psdExpired));
  return (
    <ChainActionPopup
      action="cancel"
      testId="release"
      title={t('sales.releaseTitle')}
      submitLabel={t('sales.releaseSubmit')}
      plan={RELEASE_PLAN}
      confirm={{
        closeTestId: 'release-close',
        later: t('sales.later'),
        body: (done) =>
          done ? (
            <p className="popup-message" role="status" data-testid="release-done">
              <strong>{t('sales.releaseDone')}</strong>
            </p>
          ) : (
            <p className="popup-message" data-testid="release-confirm">
              {t('sales.releaseConfirm', { count: Number(pending.reservation.amount), time: until })}
            </p>
          ),
      }}
      send={async (kit, env, member) =>
        kit.sendVoidBuy(env.chain, await kit.requireAccount(member.address, env.chain), pending)
      }
      watch={productId}
      indexed={async (member) => {
        const mine = await apiQuery('/nft/instance/purchase/pending', {
          id: member.id,
          ticketId: member.ticketId,
          productId,
        });
        return !(mine.list ?? []).some((p) => p.psdId === pending.psdId);
      }}
      refresh={(address) => refreshAfterTrade('cancel', { productId, address })}
      onClose={onClose}
    />
  );
}
