/** The home's non-carousel sections: trending collection cards, category tiles, tip cards, and item sliders. */
import type { CurationCategory, CurationCollection, CurationItem, CurationTip, ItemCard } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCdn } from '../../lib/config';
import { useMemberNameText } from '../../components/ui/MemberName';

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

/** A curation item as the shared item card shows it (what the card does not need is left neutral). */
export function toItemCard(c: CurationItem): ItemCard {
  return {
    productId: c.productIdx,
    tokenId: '',
    collectionIdx: c.collectionIdx,
    collectionName: c.collectionName,
    name: c.name,
    resourceType: c.resourceType,
    fileFormat: c.itemFileType,
    fileName: c.itemFileName,
    thumbnailFileName: c.thumbnailFileName,
    category: 0,
    itemType: c.itemType,
    totalItemCount: c.totalItemCount,
    ownerCount: 0,
    countHeart: c.likeCount,
    countView: 0,
    hideState: 0,
    flagMint: 0,
    creatorId: '',
    lastPrice: c.lastPrice,
    lastSymbol: c.lastSymbol,
    priceAmount: c.minPriceToken,
    priceSymbol: c.minSymbol,
    saleType: c.saleType,
    createDate: '',
    itemCountMine: 0,
    itemCountOnSaleMine: 0,
    itemCountReservedMine: 0,
  };
}

export function CollectionCards({ list, testId }: { list: CurationCollection[]; testId: string }) {
  const { t } = useTranslation('home');
  const nameText = useMemberNameText();
  const cdn = useCdn();
  return (
    <ul className="home-collections" data-testid={testId}>
      {list.map((c) => {
        const cover = cdn('featured', c.featuredFileName) ?? cdn('logo', c.logoFileName);
        const logo = cdn('logo', c.logoFileName);
        return (
          <li key={c.collectionIdx}>
            <Link
              to={`/Collection/${c.collectionIdx}`}
              className="home-collection"
              data-testid={`home-collection-${c.collectionIdx}`}
            >
              <span className="home-collection-cover">{cover && <img src={cover} alt="" loading="lazy" />}</span>
              <span className="home-collection-body">
                {logo && <img className="home-collection-logo" src={logo} alt="" loading="lazy" />}
                <span className="home-collection-name">{c.collectionName}</span>
                <span className="muted small">
                  {t('collection.by', { name: nameText(c.creatorId) })} ·{' '}
                  {t('collection.items', { count: c.itemCount })}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function CategoryTiles({ list, testId }: { list: CurationCategory[]; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <ul className="category-grid" data-testid={testId}>
      {list.map((c) => (
        <li key={c.categoryIdx}>
          <Link to={`/Marketplace/${c.categoryName}`} className="category-tile">
            <span aria-hidden="true">{CATEGORY_EMOJI[c.categoryName] ?? '✨'}</span>
            {i18n.language === 'en' ? c.nameEn : c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A tip's title and text in the UI language: English when the tip has its English pair, else the Korean ones. */
function tipText(tip: CurationTip, language: string): { title: string; detail: string; lang: 'ko' | 'en' } {
  if (language.startsWith('en') && tip.titleEn && tip.detailEn)
    return { title: tip.titleEn, detail: tip.detailEn, lang: 'en' };
  return { title: tip.title, detail: tip.detail, lang: 'ko' };
}

export function TipCards({ list, testId }: { list: CurationTip[]; testId: string }) {
  const { t, i18n } = useTranslation('home');
  const cdn = useCdn();
  return (
    <ul className="home-tips" data-testid={testId}>
      {list.map((tip) => {
        const image = cdn('featured', tip.fileName);
        const text = tipText(tip, i18n.language);
        return (
          <li key={tip.tipIdx}>
            <a className="home-tip" href={tip.connectUrl} target="_blank" rel="noopener noreferrer" lang={text.lang}>
              {image ? <img src={image} alt="" loading="lazy" /> : <span className="home-tip-art" aria-hidden="true" />}
              <span className="home-tip-title">{text.title}</span>
              <span className="muted small">{text.detail}</span>
              <span className="sr-only">{t('tip.opens')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
