/**
 * The item detail page's offers (spec 3 section 2), mounted only when the item is not in auction (saleType not
 * 2): the 'make an offer' button (only while nothing is listed, never for a member holding every piece) and the
 * item's valid offers from /nft/offer/product/list, highest first, with price (and USD), offerer, remaining and
 * expiry. The member's own offer shows cancel (on chain); a holder of pieces sees accept, refused during an
 * auction and without free pieces with the spec's texts. Loading, error and empty states.
 */
import type { ItemDetail, OfferProductRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { auth } from '../../auth';
import { popups } from '../../popups';
import { useMember } from '../core/trade-env';
import { PartyCell, type TradeColumn, TradeTable } from '../list/TradeTable';
import { tradeQueries } from '../trade-queries';
import { OfferExpiry } from './OfferExpiry';
import { AcceptOfferPopup } from './AcceptOfferPopup';
import { CancelOfferPopup } from './CancelOfferPopup';
import { MakeOfferPopup } from './MakeOfferPopup';
import { acceptRefusal, canOffer } from './offer-rules';
import './offer.css';
import { UsdEstimate } from '../../../components/ui/UsdEstimate';

type Open =
  { kind: 'make' } | { kind: 'cancel'; row: OfferProductRow } | { kind: 'accept'; row: OfferProductRow } | null;

export function OfferList({ item }: { item: ItemDetail }) {
  const { t, i18n } = useTranslation('offer');
  const member = useMember();
  const offers = useQuery(tradeQueries.productOffers(item.productId));
  const listings = useQuery(tradeQueries.listings(item.productId));
  const [open, setOpen] = useState<Open>(null);
  const showMake = listings.data !== undefined && canOffer(item, listings.data.length);

  const ask = (next: Open) => (member ? setOpen(next) : auth.requestConnect());
  const askAccept = (row: OfferProductRow) => {
    const refusal = acceptRefusal(item);
    if (refusal) popups.ok(t(refusal));
    else ask({ kind: 'accept', row });
  };

  const own = (row: OfferProductRow) => member?.address === row.memberAddress.toLowerCase();
  const columns: TradeColumn<OfferProductRow>[] = [
    {
      label: t('list.price'),
      cell: (row) => (
        <span>
          <strong data-testid="offer-price-cell">{formatPrice(row.offerPricePerOne, row.offerSymbol)}</strong>
          {row.currencyPrice && <UsdEstimate className="muted small sales-usd" usd={row.currencyPrice} />}
        </span>
      ),
    },
    {
      label: t('list.offerer'),
      cell: (row) => (
        <PartyCell own={own(row)} name={row.memberName} address={row.memberAddress} mineText={t('list.mine')} />
      ),
    },
    {
      label: t('list.remain'),
      cell: (row) => (
        <span>
          {row.remainAmount}
          {row.availableAmount < row.remainAmount && (
            <span className="muted small sales-reserved">
              {t('list.held', { count: row.remainAmount - row.availableAmount })}
            </span>
          )}
        </span>
      ),
    },
    {
      label: t('list.expiry'),
      cell: (row) => <OfferExpiry date={row.expireDate} language={i18n.language} />,
    },
  ];
  const actions = (row: OfferProductRow) =>
    own(row) ? (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => ask({ kind: 'cancel', row })}
        data-testid={`offer-cancel-${row.osdId}`}
      >
        {t('list.cancel')}
      </button>
    ) : item.itemCountMine > 0 ? (
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={row.availableAmount <= 0}
        onClick={() => askAccept(row)}
        data-testid={`offer-accept-${row.osdId}`}
      >
        {t('list.accept')}
      </button>
    ) : null;
  return (
    <TradeTable
      name="offer-list"
      testId="offer-list"
      title={t('list.title')}
      head={{
        className: 'offer-list-head',
        action: showMake && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => ask({ kind: 'make' })}
            data-testid="offer-open"
          >
            {t('make.open')}
          </button>
        ),
      }}
      query={offers}
      text={(k) => t(`list.${k}`)}
      emptyTestId="offer-list-empty"
      columns={columns}
      rowId={(row) => `offer-row-${row.osdId}`}
      own={own}
      rowData={(row) => ({ 'data-remain': row.remainAmount })}
      actions={actions}
    >
      {open?.kind === 'make' && <MakeOfferPopup item={item} onClose={() => setOpen(null)} />}
      {open?.kind === 'cancel' && (
        <CancelOfferPopup
          offer={{
            osdId: open.row.osdId,
            productId: item.productId,
            productName: item.name,
            symbol: open.row.offerSymbol,
            pricePerOne: open.row.offerPricePerOne,
            remainAmount: open.row.remainAmount,
            itemType: item.itemType,
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'accept' && (
        <AcceptOfferPopup
          offer={{
            makeOfferIdx: open.row.makeOfferIdx,
            symbol: open.row.offerSymbol,
            pricePerOne: open.row.offerPricePerOne,
            available: open.row.availableAmount,
            offererName: open.row.memberName,
            expireDate: open.row.expireDate,
          }}
          item={item}
          onClose={() => setOpen(null)}
        />
      )}
    </TradeTable>
  );
}
