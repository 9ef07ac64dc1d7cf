/**
 * The profile's Watchlist tab (the signed-in member's own): each followed collection with its floor per coin, the
 * floor's change over 24 hours, the best offer and the floor alert's threshold (changed here); each followed item with its price and best offer. Loading, failed
 * and empty states; on a phone the rows stack (watchlist.css).
 */
import { TOKEN_SYMBOLS, type WatchedCollection, type WatchedItem, type WatchPerCoin } from '@att/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { useCdn } from '../../lib/config';
import { formatPrice } from '../../lib/format';
import { AlertThreshold } from './AlertThreshold';
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

/** One followed target: its image and name linking to its page, then its figures. */
function WatchRow(p: { testId: string; to: string; image: string | null; name: string; children: ReactNode }) {
  return (
    <li className="watch-row" data-testid={p.testId}>
      <Link to={p.to} className="watch-name">
        {p.image ? (
          <img src={p.image} alt="" className="watch-thumb" />
        ) : (
          <span className="watch-thumb" aria-hidden="true" />
        )}
        <span>{p.name}</span>
      </Link>
      <dl className="watch-figures">{p.children}</dl>
    </li>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CollectionRow({ c }: { c: WatchedCollection }) {
  const { t } = useTranslation('watchlist');
  const cdn = useCdn();
  const changed = TOKEN_SYMBOLS.filter((s) => c.change[s] !== null);
  return (
    <WatchRow
      testId="watch-collection"
      to={`/Collection/${c.collectionIdx}`}
      image={cdn('logo', c.logoFileName)}
      name={c.name}
    >
      <Figure label={t('floor')}>
        <Amounts values={c.floor} testId="watch-floor" />
      </Figure>
      <Figure label={t('change')}>
        <span data-testid="watch-change">
          {changed.map((s) => (
            <span key={s} className={`watch-amount ${c.change[s]! < 0 ? 'is-down' : c.change[s]! > 0 ? 'is-up' : ''}`}>
              {changeText(c.change[s])} {s}
            </span>
          ))}
          {changed.length === 0 && <span className="muted">-</span>}
        </span>
      </Figure>
      <Figure label={t('bestOffer')}>
        <Amounts values={c.bestOffer} testId="watch-best-offer" />
      </Figure>
      <Figure label={t('alert')}>
        <AlertThreshold collectionIdx={c.collectionIdx} value={c.alertPercent} />
      </Figure>
    </WatchRow>
  );
}

function ItemRow({ i }: { i: WatchedItem }) {
  const { t } = useTranslation('watchlist');
  const cdn = useCdn();
  return (
    <WatchRow testId="watch-item" to={`/NftInfo/${i.productIdx}`} image={cdn('thumbnail', i.fileName)} name={i.name}>
      <Figure label={t('price')}>
        <Amounts values={i.price} testId="watch-price" />
      </Figure>
      <Figure label={t('bestOffer')}>
        <Amounts values={i.bestOffer} testId="watch-best-offer" />
      </Figure>
    </WatchRow>
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
