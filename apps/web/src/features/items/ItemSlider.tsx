import type { ItemCard as Item } from '@att/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemCard } from './ItemCard';

/** A horizontal row of item cards with previous/next buttons (scroll-snap; also swipeable and keyboard-scrollable). */
export function ItemSlider({ items, label, testId }: { items: Item[]; label: string; testId: string }) {
  const { t } = useTranslation('collection');
  const row = useRef<HTMLUListElement>(null);
  const scroll = (dir: -1 | 1) =>
    row.current?.scrollBy({ left: dir * row.current.clientWidth * 0.9, behavior: 'smooth' });
  return (
    <div className="slider" data-testid={testId}>
      <div className="slider-buttons">
        <button
          type="button"
          className="icon-button icon-button-sm"
          aria-label={t('page.scrollPrev')}
          onClick={() => scroll(-1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="icon-button icon-button-sm"
          aria-label={t('page.scrollNext')}
          onClick={() => scroll(1)}
        >
          ›
        </button>
      </div>
      <ul className="slider-row" ref={row} aria-label={label} tabIndex={0}>
        {items.map((item) => (
          <li key={item.productId}>
            <ItemCard item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
