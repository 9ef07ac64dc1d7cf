/**
 * Any member's settlement of an ended auction: once the chain's latest block time is past the auction's end plus
 * the keeper's grace (settle-rule.ts), a signed-in member sees "경매 정산하기" (Settle auction) under the bids and
 * may send `endAuction(auctionId)` from their own wallet (the Market lets anyone; the winner and the price are the
 * auction's own) as a `send -> index` plan on the one trade machine, done once the item's sales list no longer
 * shows the auction. The item page then reads the item again (its owners show the winner). Rendered whether or not
 * the item is still on auction, so its popup outlives the auction's row and shows the confirmation.
 */
import type { ItemDetail, ItemListingRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ensureOk, queryClient } from '../../../lib/api';
import { useMember, useTradeEnv } from '../core/trade-env';
import { alertInvalidations } from '../core/trade-refresh';
import { ChainActionPopup } from '../popup/ChainActionPopup';
import { tradeQueries } from '../trade-queries';
import { canSettle, SETTLE_PLAN, settledIn } from './settle-rule';
import '../core/trade.css';

export function SettleAuction({
  item,
  auction,
}: {
  item: Pick<ItemDetail, 'productId' | 'name'>;
  auction: ItemListingRow | undefined;
}) {
  const { t } = useTranslation('trade');
  const member = useMember();
  const env = useTradeEnv();
  const titleId = useId();
  // The auction being settled, kept while its popup is open: the sales list read after the settlement drops its row.
  const [settling, setSettling] = useState<string | null>(null);
  const chainTime = useQuery(tradeQueries.chainTime(env, Boolean(member && auction?.auctionId)));
  const auctionId = canSettle({ signedIn: Boolean(member), auction, chainTimeS: chainTime.data })
    ? auction?.auctionId
    : undefined;
  return (
    <>
      {auctionId && (
        <section className="item-section card settle-auction" data-testid="settle-box" aria-labelledby={titleId}>
          <div>
            <h2 className="panel-title" id={titleId}>
              {t('settle.title')}
            </h2>
            <p className="muted small">{t('settle.hint')}</p>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="settle-open"
            onClick={() => setSettling(auctionId)}
          >
            {t('settle.button')}
          </button>
        </section>
      )}
      {settling && <SettlePopup item={item} auctionId={settling} onClose={() => setSettling(null)} key={settling} />}
    </>
  );
}

function SettlePopup({
  item,
  auctionId,
  onClose,
}: {
  item: Pick<ItemDetail, 'productId' | 'name'>;
  auctionId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  return (
    <ChainActionPopup
      action="settle"
      testId="settle"
      title={t('settle.popupTitle')}
      text={t('settle.text', { name: item.name })}
      submitLabel={t('settle.submit')}
      doneMessage={t('settle.done')}
      plan={SETTLE_PLAN}
      send={async (kit, env, member) =>
        kit.sendEndAuction(
          env.chain,
          await kit.requireAccount(member.address, env.chain),
          env.market,
          BigInt(auctionId),
        )
      }
      watch={item.productId}
      indexed={async () =>
        settledIn(ensureOk(await api('/nft/instance/list/item', { productId: item.productId })).list, auctionId)
      }
      refresh={() =>
        Promise.all(alertInvalidations(item.productId).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      }
      onClose={onClose}
    />
  );
}
