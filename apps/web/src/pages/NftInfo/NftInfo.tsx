/**
 * /NftInfo/{productId}: a first item page (the full detail page with trading, offers and history belongs to a
 * later issue): the media, name, collection, creator, description, editions, the owner menu and the ERC-1155
 * metadata link, the like toggle with its likers popup and the report popup (type 3). A missing item shows "잘못된 접근 입니다." and goes to /.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { routeIdx } from '../../features/collections/collection-queries';
import { OwnerMenu } from '../../features/items/ItemCard';
import { useItemDetail } from '../../features/items/item-queries';
import { MediaPreview } from '../../features/items/ItemForm';
import { ownerMenu } from '../../features/items/owner-menu';
import { popups } from '../../features/popups/popup-store';
import { ensureOk, failureCode, useApiMutation } from '../../features/popups/useApiMutation';
import { LikeButton } from '../../features/social/LikeButton';
import { ReportButton } from '../../features/social/ReportPopup';
import { SalesList } from '../../features/trading/SalesList';
import { TransferButton } from '../../features/trading/TransferPopup';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCdn } from '../../lib/config';

const AUDIO = new Set(['mp3', 'wav', 'ogg']);

export function NftInfo() {
  const productId = routeIdx(useParams().productId);
  if (productId === null) return <Navigate to="/" replace />;
  return <Body productId={productId} key={productId} />;
}

function Body({ productId }: { productId: number }) {
  const { t } = useTranslation(['item', 'collection', 'social']);
  const navigate = useNavigate();
  const cdn = useCdn();
  const detail = useItemDetail(productId);
  const missing = detail.isError && failureCode(detail.error) === 258;
  useEffect(() => {
    if (missing) popups.ok(t('collection:page.wrongAccess'), { onClose: () => navigate('/', { replace: true }) });
  }, [missing, navigate, t]);

  const item = detail.data;
  if (!item) {
    return (
      <section className="page">
        <LoadState
          loading={detail.isPending}
          error={detail.isError && !missing}
          loadingText={t('item:form.loading')}
          errorText={t('item:form.loadFailed')}
          retryText={t('item:form.retry')}
          onRetry={() => void detail.refetch()}
        />
      </section>
    );
  }
  const kind = item.resourceType === 1 ? 'image' : AUDIO.has(item.fileFormat) ? 'audio' : 'video';
  const url = cdn('resource', item.fileName) ?? '';
  const thumb = cdn('thumbnail', item.thumbnailFileName);
  const menu = ownerMenu(item);
  return (
    <section className="page item-page" data-testid="item-page" data-product-id={item.productId}>
      <div className="item-page-media">
        {kind === 'audio' && thumb && <img src={thumb} alt="" />}
        {kind === 'video' ? (
          <video src={url} poster={thumb ?? undefined} controls playsInline preload="metadata" data-testid="item-media" />
        ) : (
          <span data-testid="item-media">
            <MediaPreview url={url} kind={kind} label={t('item:form.audioFile')} />
          </span>
        )}
      </div>
      <div className="item-page-info">
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
        <div className="item-page-actions">
          <LikeButton productIdx={item.productId} initial={{ likeState: item.likeState, countHeart: item.countHeart }} key={item.likeState} />
          <span className="muted small" data-testid="item-views">
            {t('social:views', { count: item.countView })}
          </span>
          <ReportButton target={{ type: 3, targetIdx: item.productId }} className="btn btn-outline btn-sm" testId="item-report" />
          <TransferButton item={item} />
        </div>
        {item.hideState === 1 && <span className="badge">{t('item:card.hiddenBadge')}</span>}
        <p className="muted">
          {t('collection:page.by')} <Link to={`/Profile/${encodeURIComponent(item.creatorId)}`}>{item.creatorId}</Link>
        </p>
        {item.description && (
          <p className="item-description" data-testid="item-description">
            {item.description}
          </p>
        )}
        <dl className="kv item-facts">
          <div>
            <dt>{t('item:form.quantity')}</dt>
            <dd data-testid="item-supply">{item.itemType === 1 ? t('item:card.editions', { count: item.totalItemCount }) : t('item:card.single')}</dd>
          </div>
          <div>
            <dt>{t('collection:page.owners')}</dt>
            <dd>{item.ownerCount.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{t('collection:page.royalty')}</dt>
            <dd>{item.royalty}%</dd>
          </div>
        </dl>
        {item.isExistUnlockedContent === 1 && item.itemCountMine > 0 && <UnlockableContent productId={item.productId} />}
        <p className="small">
          <a href={item.metadataUrl} target="_blank" rel="noopener noreferrer" data-testid="item-metadata-link">
            {t('item:info.metadata')}
          </a>
        </p>
        <SalesList item={item} />
        <p className="muted small">{t('item:info.tradingLater')}</p>
      </div>
    </section>
  );
}

/** Unlockable content: only holders see it (spec 2, section 5); the server checks the holding again. */
function UnlockableContent({ productId }: { productId: number }) {
  const { t } = useTranslation('item');
  const { id, ticket } = useSession();
  const [content, setContent] = useState<string | null>(null);
  const unlock = useApiMutation(
    async () => ensureOk(await api('/nft/unlock', { id: id!, ticketId: ticket!, productId })).data!.unlockedContent,
    { onSuccess: setContent },
  );
  if (!id || !ticket) return null;
  if (content !== null) {
    return (
      <div className="unlockable card" data-testid="item-unlocked-content">
        <h2 className="panel-title">{t('info.unlockTitle')}</h2>
        <p className="item-description">{content}</p>
      </div>
    );
  }
  return (
    <button type="button" className="btn btn-outline" data-testid="item-unlock" aria-busy={unlock.busy} disabled={unlock.busy} onClick={() => unlock.run(undefined)}>
      {unlock.busy ? t('info.unlocking') : t('info.unlock')}
    </button>
  );
}
