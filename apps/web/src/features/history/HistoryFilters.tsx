/**
 * The history filters (spec 2: status 1 sell / 2 auction / 3 deal / 4 send, price with its type USD/ATT/KLAY, collection,
 * coin): toggle buttons, a price range applied on demand, a collection picker, and the active filters as
 * removable chips with a reset. Every change starts the list again from its first page.
 */
import { HistoryFilter, isDecimal, TOKEN_SYMBOLS } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collectionQueries } from '../collections';
import { defaultHistoryFilters, type HistoryFilterState } from './history-queries';

const STATUSES = [HistoryFilter.Sell, HistoryFilter.Auction, HistoryFilter.Deal, HistoryFilter.Send] as const;
const COINS = TOKEN_SYMBOLS;

const toggle = <T,>(list: readonly T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

export function HistoryFilters({
  value,
  onChange,
  showCollection = true,
}: {
  value: HistoryFilterState;
  onChange: (f: HistoryFilterState) => void;
  showCollection?: boolean;
}) {
  const { t } = useTranslation('history');
  const collections = useQuery({ ...collectionQueries.entries({ kind: 'market' }, ''), enabled: showCollection });
  const [priceType, setPriceType] = useState(value.filterPrice);
  const [min, setMin] = useState(value.startPrice);
  const [max, setMax] = useState(value.endPrice);
  const [priceError, setPriceError] = useState(false);

  const applyPrice = () => {
    const bad = (min && !isDecimal(min)) || (max && !isDecimal(max)) || (min && max && Number(min) > Number(max));
    setPriceError(Boolean(bad));
    if (!bad) onChange({ ...value, filterPrice: priceType, startPrice: min.trim(), endPrice: max.trim() });
  };
  const collectionName = (idx: number) =>
    collections.data?.find((c) => c.collectionIdx === idx)?.collectionName ?? `#${idx}`;
  const chips: { key: string; label: string; remove: () => void }[] = [
    ...value.filterStatus.map((s) => ({
      key: `s${s}`,
      label: t(`filter.status${s}` as 'filter.status1'),
      remove: () => onChange({ ...value, filterStatus: value.filterStatus.filter((x) => x !== s) }),
    })),
    ...value.filterCoin.map((c) => ({
      key: `c${c}`,
      label: c,
      remove: () => onChange({ ...value, filterCoin: value.filterCoin.filter((x) => x !== c) }),
    })),
    ...value.filterCollection.map((c) => ({
      key: `k${c}`,
      label: collectionName(c),
      remove: () => onChange({ ...value, filterCollection: value.filterCollection.filter((x) => x !== c) }),
    })),
    ...(value.startPrice || value.endPrice
      ? [
          {
            key: 'price',
            label: t('filter.priceChip', {
              min: value.startPrice || '0',
              max: value.endPrice || '∞',
              unit: t(`filter.priceType${value.filterPrice}` as 'filter.priceType1'),
            }),
            remove: () => {
              setMin('');
              setMax('');
              onChange({ ...value, startPrice: '', endPrice: '' });
            },
          },
        ]
      : []),
  ];

  return (
    <div className="history-filters" data-testid="history-filters">
      <fieldset className="history-filter-group">
        <legend>{t('filter.status')}</legend>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="chip-toggle"
            aria-pressed={value.filterStatus.includes(s)}
            onClick={() => onChange({ ...value, filterStatus: toggle(value.filterStatus, s) })}
            data-testid={`history-status-${s}`}
          >
            {t(`filter.status${s}` as 'filter.status1')}
          </button>
        ))}
      </fieldset>
      <fieldset className="history-filter-group">
        <legend>{t('filter.coin')}</legend>
        {COINS.map((c) => (
          <button
            key={c}
            type="button"
            className="chip-toggle"
            aria-pressed={value.filterCoin.includes(c)}
            onClick={() => onChange({ ...value, filterCoin: toggle(value.filterCoin, c) })}
            data-testid={`history-coin-${c}`}
          >
            {c}
          </button>
        ))}
      </fieldset>
      <fieldset className="history-filter-group history-price">
        <legend>{t('filter.price')}</legend>
        <select
          value={priceType}
          onChange={(e) => setPriceType(Number(e.target.value))}
          aria-label={t('filter.price')}
          data-testid="history-price-type"
        >
          {[1, 2, 3].map((p) => (
            <option key={p} value={p}>
              {t(`filter.priceType${p}` as 'filter.priceType1')}
            </option>
          ))}
        </select>
        <input
          inputMode="decimal"
          value={min}
          onChange={(e) => setMin(e.target.value.replace(/[^\d.]/g, ''))}
          placeholder={t('filter.min')}
          aria-label={t('filter.min')}
          data-testid="history-price-min"
        />
        <span aria-hidden="true">~</span>
        <input
          inputMode="decimal"
          value={max}
          onChange={(e) => setMax(e.target.value.replace(/[^\d.]/g, ''))}
          placeholder={t('filter.max')}
          aria-label={t('filter.max')}
          data-testid="history-price-max"
        />
        <button type="button" className="btn btn-outline btn-sm" onClick={applyPrice} data-testid="history-price-apply">
          {t('filter.apply')}
        </button>
        {priceError && (
          <span role="alert" className="field-error">
            {t('filter.priceInvalid')}
          </span>
        )}
      </fieldset>
      {showCollection && (
        <fieldset className="history-filter-group">
          <legend>{t('filter.collection')}</legend>
          <select
            value=""
            onChange={(e) => {
              const idx = Number(e.target.value);
              if (idx > 0 && !value.filterCollection.includes(idx))
                onChange({ ...value, filterCollection: [...value.filterCollection, idx] });
            }}
            aria-label={t('filter.collection')}
            data-testid="history-collection"
          >
            <option value="">{t('filter.allCollections')}</option>
            {(collections.data ?? []).map((c) => (
              <option key={c.collectionIdx} value={c.collectionIdx}>
                {c.collectionName}
              </option>
            ))}
          </select>
        </fieldset>
      )}
      {chips.length > 0 && (
        <div className="history-chips" data-testid="history-chips">
          {chips.map((c) => (
            <button
              key={c.key}
              type="button"
              className="chip"
              onClick={c.remove}
              aria-label={t('filter.remove', { label: c.label })}
            >
              {c.label} <span aria-hidden="true">×</span>
            </button>
          ))}
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setMin('');
              setMax('');
              onChange(defaultHistoryFilters);
            }}
            data-testid="history-reset"
          >
            {t('filter.reset')}
          </button>
        </div>
      )}
    </div>
  );
}
