/** A trait offer's traits under its row or in its popup ("특성: Color: Red · Hat: Cap"); nothing for other offers. */
import type { TraitFilter } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { traitsText } from './collection-offer-rows';

export function OfferTraits({ traits }: { traits: TraitFilter | null | undefined }) {
  const { t } = useTranslation('offer');
  const text = traitsText(traits);
  if (!text) return null;
  return (
    <span className="offer-traits muted small" data-testid="offer-traits">
      {t('collection.traits')}: {text}
    </span>
  );
}
