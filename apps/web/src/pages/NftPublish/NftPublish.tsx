import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { routeIdx } from '../../features/collections/collection-queries';
import { ItemForm } from '../../features/items/ItemForm';

/** /NftPublish: create an item in one of the member's collections; success leads to /MyCollection. */
export function NftPublish() {
  const { t } = useTranslation('item');
  const [params] = useSearchParams();
  const preselect = routeIdx(params.get('collectionIdx') ?? undefined);
  return (
    <RequireLogin>
      {(auth) => (
        <section className="page page-medium">
          <h1 className="page-title">{t('form.publishTitle')}</h1>
          <p className="muted page-lead">{t('form.publishText')}</p>
          <div className="card">
            <ItemForm auth={auth} defaultCollectionIdx={preselect} />
          </div>
        </section>
      )}
    </RequireLogin>
  );
}
