/**
 * The profile's Watchlist tab (the signed-in member's own): each followed collection with its floor per coin, the
 * floor's change over 24 hours and the best offer; each followed item with its price and best offer. Loading, failed
 * and empty states; on a phone the rows stack (watchlist.css).
 */
import { TOKEN_SYMBOLS, type WatchedCollection, type WatchedItem, type WatchPerCoin } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { useCdn } from '../../lib/config';
import { formatPrice } from '../../lib/format';
import { useWatchlist } from './watchlist-queries';
import './watchlist.css';

/** "-10.25%" / "+3%" from basis points. */
export function changeText(bps: number | null): string {
  if (bps === null) return '';
  const sign = bps > 0 ? '+' : bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  const frac = (abs % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / 100)}${frac ? `.${frac}` : ''}%`;
}

function Amounts({ values, testId }: { values: WatchPerCoin; testId: string }) {
  const shown = TOKEN_SYMBOLS.filter((s) => values[s] !== null);
  if (shown.length === 0)
    return (
      <span className="muted" data-testid={testId}>
        -
      </span>
    );
  return (
    <span data-testid={testId}>
      {shown.map((s) => (
        <span key={s} className="watch-amount">
          {formatPrice(values[s]!, s)}
        </span>
      ))}
    </span>
  );
}

function CollectionRow({ c }: { c: WatchedCollection }) {
  const { t } = useTranslation('watchlist');
  const cdn = useCdn();
  const logo = cdn('logo', c.logoFileName);
  return (
    <li className="watch-row" data-testid="watch-collection">
      <Link to={`/Collection/${c.collectionIdx}`} className="watch-name">
        {logo ? <img src={logo} alt="" className="watch-thumb" /> : <span className="watch-thumb" aria-hidden="true" />}
        <span>{c.name}</span>
      </Link>
      <dl className="watch-figures">
        <div>
          <dt>{t('floor')}</dt>
          <dd>
            <Amounts values={c.floor} testId="watch-floor" />
          </dd>
        </div>
        <div>
          <dt>{t('change')}</dt>
          <dd data-testid="watch-change">
            {TOKEN_SYMBOLS.filter((s) => c.change[s] !== null).map((s) => (
              <span
                key={s}
                className={`watch-amount ${c.change[s]! < 0 ? 'is-down' : c.change[s]! > 0 ? 'is-up' : ''}`}
              >
                {changeText(c.change[s])} {s}
              </span>
            ))}
            {TOKEN_SYMBOLS.every((s) => c.change[s] === null) && <span className="muted">-</span>}
          </dd>
        </div>
        <div>
          <dt>{t('bestOffer')}</dt>
          <dd>
            <Amounts values={c.bestOffer} testId="watch-best-offer" />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function ItemRow({ i }: { i: WatchedItem }) {
  const { t } = useTranslation('watchlist');
  const cdn = useCdn();
  const thumb = cdn('thumbnail', i.fileName);
  return (
    <li className="watch-row" data-testid="watch-item">
      <Link to={`/NftInfo/${i.productIdx}`} className="watch-name">
        {thumb ? (
          <img src={thumb} alt="" className="watch-thumb" />
        ) : (
          <span className="watch-thumb" aria-hidden="true" />
        )}
        <span>{i.name}</span>
      </Link>
      <dl className="watch-figures">
        <div>
          <dt>{t('price')}</dt>
          <dd>
            <Amounts values={i.price} testId="watch-price" />
          </dd>
        </div>
        <div>
          <dt>{t('bestOffer')}</dt>
          <dd>
            <Amounts values={i.bestOffer} testId="watch-best-offer" />
          </dd>
        </div>
      </dl>
    </li>
  );
}

export function WatchlistTab() {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  if (!list.isSuccess)
    return (
      <LoadState
        loading={list.isPending}
        error={list.isError}
        loadingText={t('loading')}
        errorText={t('loadFailed')}
        retryText={t('retry')}
        onRetry={() => void list.refetch()}
      />
    );
  const { collections, items } = list.data;
  if (collections.length === 0 && items.length === 0)
    return (
      <p className="muted watch-empty" data-testid="watch-empty">
        {t('empty')}
      </p>
    );
  return (
    <div className="watchlist" data-testid="watchlist">
      {collections.length > 0 && (
        <section aria-labelledby="watch-collections">
          <h2 id="watch-collections" className="watch-heading">
            {t('collections')}
          </h2>
          <ul className="watch-list">
            {collections.map((c) => (
              <CollectionRow key={c.collectionIdx} c={c} />
            ))}
          </ul>
        </section>
      )}
      {items.length > 0 && (
        <section aria-labelledby="watch-items">
          <h2 id="watch-items" className="watch-heading">
            {t('items')}
          </h2>
          <ul className="watch-list">
            {items.map((i) => (
              <ItemRow key={i.productIdx} i={i} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
