/**
 * "이 특성에 제안하기" / "Make a trait offer" beside a collection's trait filter once values are chosen: opens the
 * collection offer popup for the items carrying them (a signed-in member; a visitor is asked to connect first).
 */
import type { TraitFilter } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { useMember } from '../core/trade-env';
import './collection-offer.css';
import { MakeCollectionOfferPopup } from './MakeCollectionOfferPopup';

export function TraitOfferButton({
  collection,
  traits,
}: {
  collection: { collectionIdx: number; collectionName: string };
  traits: TraitFilter;
}) {
  const { t } = useTranslation('offer');
  const member = useMember();
  const [open, setOpen] = useState<TraitFilter | null>(null);
  if (traits.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline trait-offer-open"
        onClick={() => (member ? setOpen(traits) : auth.requestConnect())}
        data-testid="trait-offer-open"
      >
        {t('collection.traitOpen')}
      </button>
      {open && <MakeCollectionOfferPopup collection={collection} traits={open} onClose={() => setOpen(null)} />}
    </>
  );
}
