import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountActions, useCategoryLinks } from '../../app/layout/Header';

const CATEGORY_EMOJI: Record<string, string> = {
  art: '🎨',
  music: '🎵',
  'virtual-world': '🌐',
  'trading-cards': '🃏',
  collectibles: '💎',
  sports: '⚽',
  utility: '🔧',
  etc: '✨',
};

/** Home: the hero and category links. The curated home sections come in a later issue (said on the page). */
export function Home() {
  const { t } = useTranslation();
  const categories = useCategoryLinks();
  const { publish } = useAccountActions();
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">{t('home.eyebrow')}</p>
          <h1>{t('home.title')}</h1>
          <p className="hero-sub">{t('home.text')}</p>
          <div className="button-row">
            <Link to="/Marketplace" className="btn btn-primary btn-lg">
              {t('home.explore')}
            </Link>
            <button type="button" className="btn btn-secondary btn-lg" data-testid="home-create" onClick={publish}>
              {t('home.create')}
            </button>
          </div>
          <Link to="/Notice" className="link-sm">
            {t('home.guide')} →
          </Link>
        </div>
        <div className="hero-art" aria-hidden="true">
          <div className="art-card art-1" />
          <div className="art-card art-2" />
          <div className="art-card art-3" />
        </div>
      </section>
      <section className="page">
        <h2 className="section-title">{t('home.categoriesTitle')}</h2>
        <ul className="category-grid">
          {categories.map((c) => (
            <li key={c.code}>
              <Link to={`/Marketplace/${c.code}`} className="category-tile">
                <span aria-hidden="true">{CATEGORY_EMOJI[c.code] ?? '✨'}</span>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        <p className="muted small later-note">{t('home.laterNote')}</p>
      </section>
    </div>
  );
}
