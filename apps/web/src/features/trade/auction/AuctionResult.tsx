/**
 * How the item's last auction ended, once it has left the sales list (spec 3 section 2 shows an auction item's bid
 * list; after the settlement the item is no longer on auction): the winning bid marked won (낙찰 / Won) with its
 * bidder and amount, the end and the number of bids, or that it ended with no bid. From `/nft/auction/result`;
 * nothing when the item never had a settled auction or the read failed (the page has the rest to show).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPrice, shortHex } from '../../../lib/format';
import { tradeQueries } from '../trade-queries';
import '../core/trade.css';
import { MemberLink } from '../../../components/ui/MemberName';

export function AuctionResult({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('trade');
  const result = useQuery(tradeQueries.auctionResult(productId)).data;
  if (!result) return null;
  const won = result.won;
  const date = new Intl.DateTimeFormat(i18n.language?.startsWith('en') ? 'en' : 'ko', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(result.endDate));
  return (
    <section
      className="item-section sales-list card"
      data-testid="auction-result"
      aria-labelledby="auction-result-title"
    >
      <h2 className="panel-title" id="auction-result-title">
        {t('bids.result.title')}
      </h2>
      <p className="muted small">{t('bids.result.endedAt', { date, count: result.bidCount })}</p>
      {won ? (
        <div className="sales-table-wrap">
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('bids.price')}</th>
                <th scope="col">{t('bids.bidder')}</th>
                <th scope="col">{t('bids.state')}</th>
              </tr>
            </thead>
            <tbody>
              <tr data-testid="auction-result-won" data-state={won.state}>
                <td data-label={t('bids.price')}>
                  <strong>{formatPrice(won.price, won.symbol)}</strong>
                </td>
                <td data-label={t('bids.bidder')}>
                  {won.memberName ? (
                    <MemberLink name={won.memberName} address={won.memberAddress} />
                  ) : (
                    <span className="mono">{shortHex(won.memberAddress)}</span>
                  )}
                </td>
                <td data-label={t('bids.state')}>
                  <span className="badge bid-top">{t('bids.states.3')}</span>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted" data-testid="auction-result-no-bid">
          {t('bids.result.noBid')}
        </p>
      )}
    </section>
  );
}
