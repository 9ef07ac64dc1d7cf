/** Every active filter as a removable chip, with a reset. */
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../lib/config';
import { type BrowseFilters, type Chip, chipsOf, removeChip, resetFilters } from './browse-filters';

export function FilterChips({
  value,
  onChange,
  withSearch = false,
}: {
  value: BrowseFilters;
  onChange: (f: BrowseFilters) => void;
  withSearch?: boolean;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const categories = useCategories();
  const chips = chipsOf(value, withSearch);
  if (chips.length === 0) return null;
  const label = (c: Chip): string => {
    switch (c.kind) {
      case 'search':
        return `${t('searchLabel')}: ${value.searchText.trim()}`;
      case 'status':
        return t(`statuses.${c.value}` as 'statuses.1');
      case 'price':
        return t('priceChip', {
          type: t(`priceTypes.${value.price!.type}` as 'priceTypes.1'),
          start: value.price?.start || '0',
          end: value.price?.end || '∞',
        });
      case 'collection':
        return c.name || `#${c.value}`;
      case 'coin':
        return c.value;
      case 'itemType':
        return t(`itemTypes.${c.value}` as 'itemTypes.1');
      case 'category': {
        const cat = categories.data?.find((x) => x.idx === c.value);
        return cat ? (i18n.language === 'en' ? cat.nameEn : cat.name) : `${t('category')} ${c.value}`;
      }
      case 'trait':
        return `${c.traitType}: ${c.value}`;
    }
  };
  return (
    <div className="chips" data-testid="filter-chips">
      <ul className="chip-list">
        {chips.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              className="chip"
              data-testid={`chip-${c.key}`}
              aria-label={t('removeChip', { label: label(c) })}
              onClick={() => onChange(removeChip(value, c))}
            >
              <span>{label(c)}</span>
              <span aria-hidden="true" className="chip-x">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link-button"
        data-testid="filter-reset"
        onClick={() => onChange(resetFilters(value, !withSearch))}
      >
        {t('reset')}
      </button>
    </div>
  );
}
