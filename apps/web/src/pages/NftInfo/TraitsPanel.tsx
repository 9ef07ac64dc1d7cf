/**
 * The item page's traits: each trait's type, its value (a number with its maximum as "5 / 10") and the share of
 * the collection's shown items with that value; each links to the collection's grid filtered by it. Nothing when
 * the item has no traits.
 */
import { type ItemDetail, traitValueText } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../features/items/traits/traits.css';

/** The share in percent, one decimal (at least 0.1 when any item has it). */
export function traitShare(itemCount: number, total: number): string {
  if (total <= 0 || itemCount <= 0) return '0';
  return Math.max(0.1, Math.round((itemCount / total) * 1000) / 10).toLocaleString(undefined, {
    maximumFractionDigits: 1,
  });
}

export function TraitsPanel({ item }: { item: ItemDetail }) {
  const { t } = useTranslation('itemDetail');
  const traits = item.traits ?? [];
  if (traits.length === 0) return null;
  return (
    <section className="item-section" aria-labelledby="item-traits-title" data-testid="item-traits-panel">
      <h2 className="section-title" id="item-traits-title">
        {t('traits.title')}
      </h2>
      <ul className="item-traits-grid">
        {traits.map((tr) => {
          const value = traitValueText(tr.value);
          const query = new URLSearchParams({
            trait: `${encodeURIComponent(tr.traitType)}:${encodeURIComponent(value)}`,
          });
          return (
            <li key={tr.traitType}>
              <Link
                className="item-trait"
                to={`/Collection/AllItem/${item.collectionIdx}?${query.toString()}`}
                title={t('traits.filter')}
                data-testid={`item-trait-${tr.traitType}`}
              >
                <span className="item-trait-type muted">{tr.traitType}</span>
                <span className="item-trait-value">
                  {tr.maxValue === null ? value : t('traits.outOf', { value, max: tr.maxValue })}
                </span>
                <span className="small muted">
                  {t('traits.share', { percent: traitShare(tr.itemCount, item.collectionItemCount ?? 0) })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
