/**
 * Home (spec 2 "Home"): a short hero with the create-item action, then the curated sections of
 * `/nft/curation/all` in the order the data gives (the console decides it): 0 featured carousel, 1 trending
 * collections, 2 category tiles, 3 trending items, 4 new items, 5 tips, 6 auction slider. An empty section is
 * not shown. Loading shows skeletons; a failure says so with a retry.
 */
import type { CurationSection } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartPublishing } from '../../features/items/useStartPublishing';
import { itemQueries } from '../../features/items/item-queries';
import { ItemSlider } from '../../features/items/ItemSlider';
import { FeaturedCarousel } from './FeaturedCarousel';
import { CategoryTiles, CollectionCards, TipCards, toItemCard } from './home-sections';
import './home.css';

function Section({ section }: { section: CurationSection }) {
  const { i18n } = useTranslation();
  const title = i18n.language === 'en' ? section.nameEn : section.name;
  const testId = `home-section-${section.curationIdx}`;
  const body = (() => {
    switch (section.curationType) {
      case 0:
        return <FeaturedCarousel items={section.dataList} title={title} />;
      case 1:
        return <CollectionCards list={section.dataList} testId={`${testId}-list`} />;
      case 2:
        return <CategoryTiles list={section.dataList} testId={`${testId}-list`} />;
      case 5:
        return <TipCards list={section.dataList} testId={`${testId}-list`} />;
      default:
        return <ItemSlider items={section.dataList.map(toItemCard)} label={title} testId={`${testId}-list`} />;
    }
  })();
  return (
    <section
      className="home-section"
      data-testid={testId}
      data-type={section.curationType}
      aria-labelledby={`${testId}-title`}
    >
      <h2 className="section-title" id={`${testId}-title`} data-testid="home-section-title">
        {title}
      </h2>
      {body}
    </section>
  );
}

function Skeleton() {
  const { t } = useTranslation('home');
  return (
    <div className="home-skeleton" data-testid="loading" role="status" aria-label={t('loading')}>
      <div className="skeleton skeleton-hero" />
      <div className="skeleton skeleton-title" />
      <div className="home-skeleton-row">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton skeleton-card" />
        ))}
      </div>
    </div>
  );
}

export function Home() {
  const { t } = useTranslation('home');
  const publish = useStartPublishing();
  const curation = useQuery(itemQueries.curation());
  const sections = (curation.data ?? []).filter((s) => s.dataList.length > 0);
  return (
    <div className="home">
      <section className="hero hero-compact">
        <div className="hero-text">
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1>{t('hero.title')}</h1>
          <p className="hero-sub">{t('hero.text')}</p>
          <div className="button-row">
            <Link to="/Marketplace" className="btn btn-primary btn-lg">
              {t('hero.explore')}
            </Link>
            <button type="button" className="btn btn-secondary btn-lg" data-testid="home-create" onClick={publish}>
              {t('hero.create')}
            </button>
          </div>
        </div>
      </section>
      <div className="page home-sections" data-testid="home-sections">
        {curation.isPending ? (
          <Skeleton />
        ) : curation.isError ? (
          <div className="load-state" role="alert" data-testid="load-failed">
            <p>{t('error')}</p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void curation.refetch()}
              data-testid="home-retry"
            >
              {t('retry')}
            </button>
          </div>
        ) : sections.length === 0 ? (
          <p className="muted" data-testid="home-empty">
            {t('empty')}
          </p>
        ) : (
          sections.map((s) => <Section key={s.curationIdx} section={s} />)
        )}
      </div>
    </div>
  );
}
