import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../features/auth/RequireLogin';
import { CollectionForm } from '../../features/collections/CollectionForm';

/** /CollectionRegist: create a collection; success leads to /MyCollection. */
export function CollectionRegist() {
  const { t } = useTranslation('collection');
  return (
    <RequireLogin>
      {(auth) => (
        <section className="page page-medium">
          <h1 className="page-title">{t('form.createTitle')}</h1>
          <div className="card">
            <CollectionForm auth={auth} />
          </div>
        </section>
      )}
    </RequireLogin>
  );
}
