/**
 * Curation type 0: the featured items as a carousel (spec 2 "Home": autoplay 4000 ms). It pauses while the
 * pointer is over it or focus is inside, has a pause/play button, previous/next buttons, dots and the arrow keys,
 * and does not move by itself for visitors who prefer reduced motion. Each slide links to /NftInfo/{productIdx}.
 */
import { ResourceType } from '@att/shared';
import type { FeaturedItem } from '@att/shared';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cdnImage, useCdn, useFrontConfig } from '../../lib/config';
import { useCarousel } from './useCarousel';
import { useMemberNameText } from '../../components/ui/MemberName';

export function FeaturedCarousel({ items, title }: { items: FeaturedItem[]; title: string }) {
  const { t } = useTranslation('home');
  const nameText = useMemberNameText();
  const cdn = useCdn();
  const front = useFrontConfig();
  const c = useCarousel(items.length);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    if (e.key === 'ArrowLeft') c.prev();
    else c.next();
  };
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={title}
      data-testid="home-carousel"
      data-index={c.index}
      data-playing={c.playing}
      onMouseEnter={() => c.hold(true)}
      onMouseLeave={() => c.hold(false)}
      onFocus={() => c.hold(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.hold(false);
      }}
      onKeyDown={onKey}
    >
      <div className="carousel-track" aria-live={c.playing ? 'off' : 'polite'}>
        {items.map((item, i) => {
          const media =
            item.resourceType === ResourceType.Image
              ? cdn('resource', item.itemFileName)
              : cdn('thumbnail', item.thumbnailFileName);
          const avatar = cdnImage(front.data?.cdnUrl, 'profile', item.memberFileName);
          return (
            <div
              key={item.productIdx}
              className={`carousel-slide ${i === c.index ? 'is-current' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: i + 1, count: items.length })}
              hidden={i !== c.index}
              data-testid={`home-featured-${item.productIdx}`}
            >
              <Link to={`/NftInfo/${item.productIdx}`} className="carousel-media" tabIndex={-1} aria-hidden="true">
                {media ? <img src={media} alt="" /> : <span className="item-card-placeholder" />}
              </Link>
              <div className="carousel-caption">
                <p className="muted small">{item.collectionName}</p>
                <h3 className="carousel-name">
                  <Link to={`/NftInfo/${item.productIdx}`}>{item.name}</Link>
                </h3>
                <p className="carousel-creator small">
                  {avatar ? (
                    <img src={avatar} alt="" className="avatar-xs" />
                  ) : (
                    <span className="avatar-xs avatar-blank" aria-hidden="true" />
                  )}
                  {t('carousel.by', { name: nameText(item.memberId) })}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {items.length > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-button icon-button-sm"
            aria-label={t('carousel.prev')}
            onClick={c.prev}
            data-testid="carousel-prev"
          >
            ‹
          </button>
          <ul className="carousel-dots">
            {items.map((item, i) => (
              <li key={item.productIdx}>
                <button
                  type="button"
                  className="carousel-dot"
                  aria-label={t('carousel.goTo', { index: i + 1 })}
                  aria-current={i === c.index ? 'true' : undefined}
                  onClick={() => c.go(i)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="icon-button icon-button-sm"
            aria-label={t('carousel.next')}
            onClick={c.next}
            data-testid="carousel-next"
          >
            ›
          </button>
          <button
            type="button"
            className="icon-button icon-button-sm"
            aria-label={c.stopped ? t('carousel.play') : t('carousel.pause')}
            onClick={c.toggle}
            data-testid="carousel-toggle"
          >
            <span aria-hidden="true">{c.stopped ? '▶' : '❚❚'}</span>
          </button>
        </div>
      )}
    </section>
  );
}
