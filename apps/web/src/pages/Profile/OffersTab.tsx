/**
 * The profile's Offers tab (spec 2): sub-tab 1 offers made (participation list), 2 offers received (adds the
 * offerer); columns item, price with its USD estimate, quantity, expiration, state; numbered pagination (10 a
 * page, 10 page numbers a group); price and status filters hidden. On the member's own profile each row has its
 * action (cancel, accept or delete: `OfferRowActions`); another member's lists are read-only. Offers made on the own
 * profile list the member's collection offers too, below their item offers (`CollectionOffersMade`).
 */
import { formatTokenAmount, type OfferRow, PAGINATOR_GROUP } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Pagination } from '../../components/ui/Pagination';
import { OfferExpiry } from '../../features/trade/offer/OfferExpiry';
import { OfferRowActions } from '../../features/trade/offer/OfferRowActions';
import { tradeQueries } from '../../features/trade/trade-queries';
import { groupDigits } from '../../lib/format';
import { useSession } from '../../lib/session';
import { MemberLink } from '../../components/ui/MemberName';
import { CollectionOffersMade } from './CollectionOffersMade';
import { UsdEstimate } from '../../components/ui/UsdEstimate';

type Sub = 1 | 2;

function useOffers(sub: Sub, pageNo: number, memberIdx: number, mine: boolean, collectionIdx?: number) {
  const { id, ticket } = useSession();
  return useQuery(
    tradeQueries.memberOffers(sub, mine ? { mine, id, ticket } : { mine, memberIdx }, pageNo, collectionIdx),
  );
}

export function OffersTab({
  member,
  mine,
  collectionIdx,
}: {
  member: { memberIdx: number };
  mine: boolean;
  collectionIdx?: number;
}) {
  const { t } = useTranslation('profile');
  const [sub, setSub] = useState<Sub>(1);
  const [pageNo, setPageNo] = useState(1);
  const offers = useOffers(sub, pageNo, member.memberIdx, mine, collectionIdx);
  const rows = offers.data?.list ?? [];
  const page = offers.data?.page;
  const choose = (s: Sub) => {
    setSub(s);
    setPageNo(1);
  };
  return (
    <div className="offers-tab" data-testid="offers-tab">
      <div className="sub-tabs" role="group" aria-label={t('offers.subTabs')}>
        {([1, 2] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`chip ${sub === s ? 'is-active' : ''}`}
            aria-pressed={sub === s}
            data-testid={`offers-sub-${s}`}
            onClick={() => choose(s)}
          >
            {s === 1
              ? t(mine ? 'offers.made' : 'offers.madeOther')
              : t(mine ? 'offers.received' : 'offers.receivedOther')}
          </button>
        ))}
      </div>
      {offers.isSuccess ? (
        <OffersTable rows={rows} received={sub === 2} mine={mine} />
      ) : (
        <LoadState
          loading={offers.isPending}
          error={offers.isError}
          loadingText={t('offers.loading')}
          errorText={t('offers.loadFailed')}
          retryText={t('retry')}
          onRetry={() => void offers.refetch()}
        />
      )}
      {page && (
        <Pagination pageNo={page.pageNo} pageCount={page.pageCount} links={PAGINATOR_GROUP} onChange={setPageNo} />
      )}
      {mine && sub === 1 && collectionIdx === undefined && <CollectionOffersMade />}
    </div>
  );
}

function OffersTable({ rows, received, mine }: { rows: OfferRow[]; received: boolean; mine: boolean }) {
  const { t, i18n } = useTranslation(['profile', 'offer']);
  const state = (n: number) =>
    ['0', '1', '2', '3', '4', '5'].includes(String(n))
      ? t(`offer:states.${String(n) as '0'}`)
      : t('offer:states.other');
  const columns = 5 + (received ? 1 : 0) + (mine ? 1 : 0);
  return (
    <div className="offers-table-wrap">
      <table className="offers-table" data-testid="offers-table">
        <thead>
          <tr>
            <th scope="col">{t('offers.item')}</th>
            <th scope="col">{t('offers.price')}</th>
            <th scope="col">{t('offers.quantity')}</th>
            <th scope="col">{t('offers.expiration')}</th>
            <th scope="col">{t('offers.state')}</th>
            {received && <th scope="col">{t('offers.from')}</th>}
            {mine && <th scope="col">{t('offer:profile.action')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns} className="offers-empty muted" data-testid="offers-empty">
                {t('offers.empty')}
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.makeOfferIdx} data-testid={`offers-row-${r.makeOfferIdx}`} data-state={r.state}>
              <td data-label={t('offers.item')}>
                <Link to={`/NftInfo/${r.productIdx}`}>{r.productName}</Link>
              </td>
              <td data-label={t('offers.price')}>
                <span>
                  {groupDigits(formatTokenAmount(BigInt(r.offerPricePerOne)))} {r.offerSymbol}
                  {r.currencyPrice && <UsdEstimate className="muted small offers-usd" usd={r.currencyPrice} />}
                </span>
              </td>
              <td data-label={t('offers.quantity')}>{r.remainAmount.toLocaleString()}</td>
              <td data-label={t('offers.expiration')}>
                <OfferExpiry date={r.tradeDate} language={i18n.language} />
              </td>
              <td data-label={t('offers.state')} data-testid="offers-state">
                {state(r.state)}
              </td>
              {received && (
                <td data-label={t('offers.from')}>
                  <MemberLink name={r.memberName} />
                </td>
              )}
              {mine && (
                <td className="offers-action">
                  <OfferRowActions row={r} made={!received} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
