/**
 * The item page's collection offers (mounted when the item is not in auction): the best collection offer per coin
 * of the item's collection, the trait offers covering the item (with their traits), and the member's own ones, each with its price per piece (and coin), pieces left and
 * expiry. The member's own offer shows cancel (on chain); a holder of the item sees accept (how many pieces when
 * they hold several), refused during an auction and without free pieces as item offers are. Loading, error and
 * empty states; a visitor who is not signed in is asked to connect first.
 */
import type { CollectionOfferRow, ItemDetail } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, shortHex } from '../../../lib/format';
import { auth } from '../../auth';
import { popups } from '../../popups';
import { useMember } from '../core/trade-env';
import { type TradeColumn, TradeTable } from '../list/TradeTable';
import { AcceptOfferPopup } from '../offer/AcceptOfferPopup';
import { CancelOfferPopup } from '../offer/CancelOfferPopup';
import { OfferExpiry } from '../offer/OfferExpiry';
import { acceptRefusal } from '../offer/offer-rules';
import '../offer/offer.css';
import { tradeQueries } from '../trade-queries';
import { itemPageOffers } from './collection-offer-rows';
import { OfferTraits } from './OfferTraits';

type Open = { kind: 'cancel' | 'accept'; row: CollectionOfferRow } | null;

export function CollectionOfferList({ item }: { item: ItemDetail }) {
  const { t, i18n } = useTranslation('offer');
  const member = useMember();
  const offers = useQuery(tradeQueries.collectionOffers(item.collectionIdx, item.productId));
  const [open, setOpen] = useState<Open>(null);
  const rows = offers.data && itemPageOffers(offers.data, member?.address ?? null);
  const own = (row: CollectionOfferRow) => member?.address === row.buyerAddress.toLowerCase();

  const ask = (next: Open) => (member ? setOpen(next) : auth.requestConnect());
  const askAccept = (row: CollectionOfferRow) => {
    const refusal = acceptRefusal(item);
    if (refusal) popups.ok(t(refusal));
    else ask({ kind: 'accept', row });
  };
  const columns: TradeColumn<CollectionOfferRow>[] = [
    {
      label: t('make.price'),
      cell: (row) => (
        <>
          <strong data-testid="collection-offer-price">{formatPrice(row.pricePerOne, row.symbol)}</strong>
          <OfferTraits traits={row.traits} />
        </>
      ),
    },
    { label: t('collection.remain'), cell: (row) => row.remainAmount, testId: 'collection-offer-remain' },
    { label: t('list.expiry'), cell: (row) => <OfferExpiry date={row.expireDate} language={i18n.language} /> },
  ];
  const actions = (row: CollectionOfferRow) =>
    own(row) ? (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => ask({ kind: 'cancel', row })}
        data-testid={`collection-offer-cancel-${row.offerIdx}`}
      >
        {t('collection.cancel')}
      </button>
    ) : item.itemCountMine > 0 ? (
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={row.availableAmount <= 0}
        onClick={() => askAccept(row)}
        data-testid={`collection-offer-accept-${row.offerIdx}`}
      >
        {t('collection.accept')}
      </button>
    ) : null;
  return (
    <TradeTable
      name="offer-list"
      testId="collection-offer-list"
      title={t('collection.listTitle')}
      query={{ data: rows, isPending: offers.isPending, isError: offers.isError, refetch: offers.refetch }}
      text={(k) => (k === 'action' ? t('list.action') : t(`collection.${k}`))}
      emptyTestId="collection-offer-list-empty"
      columns={columns}
      rowId={(row) => `collection-offer-row-${row.offerIdx}`}
      own={own}
      rowData={(row) => ({ 'data-remain': row.remainAmount })}
      actions={actions}
    >
      {open?.kind === 'cancel' && (
        <CancelOfferPopup
          offer={{
            osdId: open.row.offerIdx,
            collectionIdx: item.collectionIdx,
            productName: open.row.collectionName,
            symbol: open.row.symbol,
            pricePerOne: open.row.pricePerOne,
            remainAmount: open.row.remainAmount,
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'accept' && (
        <AcceptOfferPopup
          offer={{
            makeOfferIdx: Number(open.row.offerIdx),
            collection: {
              offerIdx: open.row.offerIdx,
              collectionIdx: item.collectionIdx,
              remainAmount: open.row.remainAmount,
            },
            symbol: open.row.symbol,
            pricePerOne: open.row.pricePerOne,
            available: open.row.availableAmount,
            offererName: shortHex(open.row.buyerAddress),
            expireDate: open.row.expireDate,
          }}
          item={item}
          onClose={() => setOpen(null)}
        />
      )}
    </TradeTable>
  );
}
