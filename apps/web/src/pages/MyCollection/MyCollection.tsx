import type { Collection } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Menu } from '../../components/ui/Menu';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { useMyCollections } from '../../features/collections/collection-queries';
import { useCdn } from '../../lib/config';

/** /MyCollection (login required, else /): the member's collections, each with its menu. */
export function MyCollection() {
  return <RequireLogin>{() => <Body />}</RequireLogin>;
}

function Body() {
  const { t } = useTranslation('collection');
  const list = useMyCollections();
  return (
    <section className="page" data-testid="my-collection">
      <div className="page-head">
        <div>
          <h1 className="page-title">{t('mine.title')}</h1>
          <p className="muted">{t('mine.text')}</p>
        </div>
        <Link to="/CollectionRegist" className="btn btn-primary" data-testid="my-collection-create">
          {t('mine.create')}
        </Link>
      </div>
      <LoadState
        loading={list.isPending}
        error={list.isError}
        loadingText={t('mine.loading')}
        errorText={t('mine.loadFailed')}
        retryText={t('mine.retry')}
        onRetry={() => void list.refetch()}
      />
      {list.data?.length === 0 && (
        <div className="empty-state" data-testid="my-collection-empty">
          <span className="empty-emoji" aria-hidden="true">
            🗂️
          </span>
          <p>{t('mine.empty')}</p>
          <p className="muted">{t('mine.emptyHint')}</p>
          <Link to="/CollectionRegist" className="btn btn-primary">
            {t('mine.create')}
          </Link>
        </div>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="collection-grid">
          {list.data.map((c) => (
            <CollectionTile key={c.collectionIdx} collection={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CollectionTile({ collection: c }: { collection: Collection }) {
  const { t } = useTranslation('collection');
  const cdn = useCdn();
  const banner = cdn('banner', c.banner) ?? cdn('featured', c.featured);
  const links = [
    { to: `/CollectionModify/${c.collectionIdx}`, label: t('mine.edit'), testId: 'edit' },
    { to: `/MyProfile/TransactionHistory/${c.collectionIdx}`, label: t('mine.transactions'), testId: 'transactions' },
    { to: `/MyProfile/Loyalty/${c.collectionIdx}`, label: t('mine.loyalty'), testId: 'loyalty' },
    { to: `/Collection/AllItem/${c.collectionIdx}`, label: t('mine.viewAll'), testId: 'view-all' },
  ];
  return (
    <li className="collection-tile" data-testid={`my-collection-${c.collectionIdx}`}>
      <div
        className="collection-tile-banner"
        style={banner ? { backgroundImage: `url("${banner}")` } : undefined}
        aria-hidden="true"
      />
      <div className="collection-tile-body">
        <img className="collection-tile-logo" src={cdn('logo', c.logo) ?? ''} alt="" width={64} height={64} />
        <div className="collection-tile-text">
          <Link
            to={`/Collection/${c.collectionIdx}`}
            className="collection-tile-name"
            data-testid="collection-tile-link"
          >
            {c.collectionName}
          </Link>
          <p className="muted small">{t('mine.items', { count: c.itemCount })}</p>
        </div>
        <Menu
          align="right"
          triggerClassName="icon-button"
          ariaLabel={t('mine.menu', { name: c.collectionName })}
          testId="collection-menu"
          label={<span aria-hidden="true">⋯</span>}
        >
          {(close) => (
            <ul className="menu-list">
              {links.map((l) => (
                <li key={l.testId}>
                  <Link className="menu-item" to={l.to} onClick={close} data-testid={`collection-menu-${l.testId}`}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Menu>
      </div>
    </li>
  );
}
