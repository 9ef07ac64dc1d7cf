/** The slider of the collection's other items (spec 3), hidden when there are none. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemSlider } from '../../features/items/ItemSlider';
import { useOtherItems } from '../../features/items/item-queries';

export function OtherItems({ productId, collectionIdx }: { productId: number; collectionIdx: number }) {
  const { t } = useTranslation('itemDetail');
  const items = useOtherItems(productId);
  if (!items.data || items.data.length === 0) return null;
  return (
    <section className="item-section other-items" aria-labelledby="other-items-title" data-testid="other-items">
      <div className="section-head">
        <h2 className="panel-title" id="other-items-title">
          {t('other.title')}
        </h2>
        <Link to={`/Collection/${collectionIdx}`} className="small">
          {t('other.viewCollection')}
        </Link>
      </div>
      <ItemSlider items={items.data} label={t('other.title')} testId="other-items-slider" />
    </section>
  );
}
