import type { ItemDetail } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { routeIdx } from '../../features/collections/collection-queries';
import { itemQueries, useItemDetail } from '../../features/items/item-queries';
import { ItemForm } from '../../features/items/ItemForm';

/**
 * /NftModify/{productId}: without a productId go to /. Only the creator, as the only owner of an item never
 * traded and with nothing on sale, may edit (the server's `editable`); anyone else goes to the item's page.
 */
export function NftModify() {
  const productId = routeIdx(useParams().productId);
  if (productId === null) return <Navigate to="/" replace />;
  return <RequireLogin>{(auth) => <Body productId={productId} auth={auth} />}</RequireLogin>;
}

function Body({ productId, auth }: { productId: number; auth: { id: string; ticket: string } }) {
  const { t } = useTranslation('item');
  const detail = useItemDetail(productId);
  const item = detail.data;
  const isCreator = item !== undefined && item.creatorId === auth.id && item.itemCountMine > 0;
  const unlock = useQuery({
    ...itemQueries.unlock(productId, auth),
    enabled: isCreator && item?.isExistUnlockedContent === 1,
    staleTime: Infinity,
  });

  if (detail.isError) return <Navigate to="/" replace />;
  if (item && !isCreator) return <Navigate to={`/NftInfo/${productId}`} replace />;
  const waitingUnlock = item?.isExistUnlockedContent === 1 && unlock.isPending;
  return (
    <section className="page page-medium">
      <h1 className="page-title">{t('form.editTitle')}</h1>
      {item && !waitingUnlock ? (
        item.editable ? (
          <div className="card">
            <ItemForm auth={auth} item={item as ItemDetail} unlocked={unlock.data} key={item.productId} />
          </div>
        ) : (
          <div className="empty-state" role="alert" data-testid="item-not-editable">
            <p>{t('form.notEditable')}</p>
            <Link to={`/NftInfo/${productId}`} className="btn btn-outline">
              {item.name}
            </Link>
          </div>
        )
      ) : (
        <LoadState
          loading
          error={false}
          loadingText={t('form.loading')}
          errorText={t('form.loadFailed')}
          retryText={t('form.retry')}
          onRetry={() => void detail.refetch()}
        />
      )}
    </section>
  );
}
