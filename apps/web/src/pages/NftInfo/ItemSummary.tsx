/**
 * The item's facts beside the media (spec 3): collection link, name, the owner menu, the lock badge, the counts
 * (multi-edition: owners (opens the owner list), total, mine, views; single: views and the owner link), the like
 * toggle (its count opens the likers popup), refresh, report, share, the creator link and the description.
 */
import { HideState, ItemType, WatchKind } from '@att/shared';
import type { ItemDetail } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RefreshIcon } from '../../components/ui/icons';
import { OwnerMenu } from '../../features/items/ItemCard';
import { ownerMenu } from '../../features/items/owner-menu';
import { LikeButton } from '../../features/social/LikeButton';
import { FollowButton } from '../../features/watchlist';
import { ReportButton } from '../../features/social/ReportPopup';
import { useFirstOwner } from '../../features/items/item-queries';
import { refreshItem } from './refresh-item';
import { OwnersPopup } from './OwnersPopup';
import { ShareMenu } from './ShareMenu';
import { UnlockableBadge } from './UnlockableBadge';
import { MemberLink } from '../../components/ui/MemberName';

export function ItemSummary({ item, refreshing }: { item: ItemDetail; refreshing: boolean }) {
  const { t } = useTranslation(['itemDetail', 'item']);
  const menu = ownerMenu(item);
  return (
    <>
      <p>
        <Link to={`/Collection/${item.collectionIdx}`} data-testid="item-collection-link">
          {item.collectionName}
        </Link>
      </p>
      <div className="item-page-title">
        <h1 className="page-title" data-testid="item-name">
          {item.name}
        </h1>
        {menu && <OwnerMenu item={item} menu={menu} />}
      </div>
      <div className="item-badges">
        {item.isExistUnlockedContent === 1 && item.itemCountMine > 0 && <UnlockableBadge productId={item.productId} />}
        {item.hideState === HideState.Hidden && <span className="badge">{t('item:card.hiddenBadge')}</span>}
      </div>
      <ItemCounts item={item} />
      <div className="item-page-actions">
        <LikeButton
          productIdx={item.productId}
          initial={{ likeState: item.likeState, countHeart: item.countHeart }}
          key={`${item.likeState}:${item.countHeart}`}
        />
        <FollowButton kind={WatchKind.Item} targetIdx={item.productId} />
        <RefreshButton productId={item.productId} busy={refreshing} />
        <ReportButton
          target={{ type: 3, targetIdx: item.productId }}
          className="btn btn-outline btn-sm"
          testId="item-report"
        />
        <ShareMenu productId={item.productId} name={item.name} />
      </div>
      <p className="item-people">
        <span className="muted">{t('itemDetail:creator')}</span>{' '}
        <MemberLink name={item.creatorId} address={item.creatorAddress} data-testid="item-creator-link" />
        {item.itemType === ItemType.Single && <SingleOwner productId={item.productId} />}
      </p>
      {item.description && (
        <p className="item-description" data-testid="item-description">
          {item.description}
        </p>
      )}
    </>
  );
}

function ItemCounts({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('itemDetail');
  const [ownersOpen, setOwnersOpen] = useState(false);
  const views = (
    <div>
      <dt>{t('stats.views')}</dt>
      <dd data-testid="item-views">{item.countView.toLocaleString()}</dd>
    </div>
  );
  if (item.itemType === ItemType.Single) {
    return (
      <dl className="kv item-facts" data-testid="item-counts" data-item-type={2}>
        {views}
      </dl>
    );
  }
  return (
    <dl className="kv item-facts" data-testid="item-counts" data-item-type={1}>
      <div>
        <dt>{t('stats.owners')}</dt>
        <dd>
          <button
            type="button"
            className="link-button"
            data-testid="item-owner-count"
            aria-haspopup="dialog"
            onClick={() => setOwnersOpen(true)}
          >
            {item.ownerCount.toLocaleString()}
          </button>
        </dd>
      </div>
      <div>
        <dt>{t('stats.total')}</dt>
        <dd data-testid="item-supply">{item.totalItemCount.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{t('stats.mine')}</dt>
        <dd data-testid="item-mine">{item.itemCountMine.toLocaleString()}</dd>
      </div>
      {views}
      {ownersOpen && <OwnersPopup productIdx={item.productId} onClose={() => setOwnersOpen(false)} />}
    </dl>
  );
}

/** The single item's owner link (the one holder, from the inventory; the seller while the Market holds it on auction). */
function SingleOwner({ productId }: { productId: number }) {
  const { t } = useTranslation('itemDetail');
  const owner = useFirstOwner(productId);
  const o = owner.data;
  if (!o) return null;
  return (
    <>
      {' · '}
      <span className="muted">{t('owner')}</span>{' '}
      {o.memberName ? (
        <MemberLink name={o.memberName} address={o.address} data-testid="item-owner-link" />
      ) : (
        <span data-testid="item-owner-link" title={o.address}>
          {`${o.address.slice(0, 6)}...${o.address.slice(-4)}`}
        </span>
      )}
      {o.escrow && (
        <>
          {' '}
          <span className="badge" data-testid="item-owner-escrow">
            {t(`owners.escrow.${o.escrow}`)}
          </span>
        </>
      )}
    </>
  );
}

function RefreshButton({ productId, busy }: { productId: number; busy: boolean }) {
  const { t } = useTranslation('itemDetail');
  const client = useQueryClient();
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      data-testid="item-refresh"
      aria-busy={busy}
      disabled={busy}
      onClick={() => void refreshItem(client, productId)}
    >
      <RefreshIcon /> {busy ? t('actions.refreshing') : t('actions.refresh')}
    </button>
  );
}
