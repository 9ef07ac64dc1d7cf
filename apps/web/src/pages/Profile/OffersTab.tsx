/**
 * The profile's Offers tab (spec 2): sub-tab 1 offers made (participation list), 2 offers received (adds the
 * other party); columns item, price, quantity, expiration, state; numbered pagination (10 a page, 10 page numbers
 * a group); price and status filters hidden. The lists stay empty until the offers issue fills them; accept,
 * cancel and delete popups come with it.
 */
import { formatTokenAmount, OFFER_PAGE_SIZE, type OfferRow, PAGINATOR_GROUP } from '@att/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Pagination } from '../../components/ui/Pagination';
import { ensureOk } from '../../features/popups/useApiMutation';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

type Sub = 1 | 2;

function useOffers(sub: Sub, pageNo: number, memberIdx: number, mine: boolean, collectionIdx?: number) {
  const { id, ticket } = useSession();
  const filters = { pageNo, pageSize: OFFER_PAGE_SIZE, filterCollection: collectionIdx ? [collectionIdx] : [] };
  return useQuery({
    queryKey: ['profile', 'offers', sub, mine ? 'mine' : memberIdx, pageNo, collectionIdx ?? null],
    queryFn: async () => {
      if (mine && id && ticket) {
        const path = sub === 1 ? '/nft/offer/member/participation/list' : '/nft/offer/member/list';
        return ensureOk(await api(path, { id, ticketId: ticket, ...filters }));
      }
      const path = sub === 1 ? '/nft/offer/member/participation/list/other' : '/nft/offer/member/list/other';
      return ensureOk(await api(path, { memberIdx, ...filters }));
    },
    placeholderData: keepPreviousData,
  });
}

export function OffersTab({ member, mine, collectionIdx }: { member: { memberIdx: number }; mine: boolean; collectionIdx?: number }) {
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
            {s === 1 ? t(mine ? 'offers.made' : 'offers.madeOther') : t(mine ? 'offers.received' : 'offers.receivedOther')}
          </button>
        ))}
      </div>
      {offers.isSuccess ? (
        <OffersTable rows={rows} received={sub === 2} />
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
      {page && <Pagination pageNo={page.pageNo} pageCount={page.pageCount} links={PAGINATOR_GROUP} onChange={setPageNo} />}
    </div>
  );
}

function OffersTable({ rows, received }: { rows: OfferRow[]; received: boolean }) {
  const { t } = useTranslation('profile');
  const state = (n: number) => (['1', '2', '3', '4', '5'].includes(String(n)) ? t(`offers.states.${String(n) as '1'}`) : t('offers.states.other'));
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
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={received ? 6 : 5} className="offers-empty muted" data-testid="offers-empty">
                {t('offers.empty')}
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.makeOfferIdx}>
              <td>
                <Link to={`/NftInfo/${r.productIdx}`}>{r.productName}</Link>
              </td>
              <td>
                {formatTokenAmount(BigInt(r.offerPricePerOne))} {r.offerSymbol}
              </td>
              <td>{r.remainAmount.toLocaleString()}</td>
              <td>{r.tradeDate.slice(0, 10)}</td>
              <td>{state(r.state)}</td>
              {received && (
                <td>
                  <Link to={`/Profile/${encodeURIComponent(r.memberName)}`}>{r.memberName}</Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
