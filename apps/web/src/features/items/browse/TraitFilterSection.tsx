/**
 * The trait filter of a collection's grid: each trait type a disclosure (open when one of its values is chosen)
 * listing its values with how many items carry them; checking values filters the grid (any value within a type,
 * every type together).
 */
import type { CollectionTraitType } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { type BrowseFilters, toggleTrait } from './browse-filters';
import '../traits/traits.css';

export function TraitFilterSection({
  traits,
  value,
  onChange,
}: {
  traits: CollectionTraitType[];
  value: BrowseFilters;
  onChange: (f: BrowseFilters) => void;
}) {
  const { t } = useTranslation('marketplace');
  if (traits.length === 0) return null;
  const chosen = (type: string) => value.traits?.find((x) => x.traitType === type)?.values ?? [];
  return (
    <fieldset className="trait-filter" data-testid="filter-traits">
      <legend>{t('traits')}</legend>
      {traits.map((tr) => {
        const on = chosen(tr.traitType);
        return (
          <details key={tr.traitType} className="trait-filter-type" open={on.length > 0 || undefined}>
            <summary data-testid={`filter-trait-type-${tr.traitType}`}>
              <span>{tr.traitType}</span>
              {on.length > 0 && <span className="muted small"> {t('traitChosen', { count: on.length })}</span>}
            </summary>
            {tr.values.map((v) => (
              <label key={v.value} className="check trait-filter-value">
                <input
                  type="checkbox"
                  checked={on.includes(v.value)}
                  data-testid={`filter-trait-${tr.traitType}-${v.value}`}
                  onChange={() =>
                    onChange({ ...value, traits: toggleTrait(value.traits ?? [], tr.traitType, v.value) })
                  }
                />{' '}
                <span>{v.value}</span> <span className="muted small">({v.count.toLocaleString()})</span>
              </label>
            ))}
          </details>
        );
      })}
    </fieldset>
  );
}
