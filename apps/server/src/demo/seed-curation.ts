/**
 * Demo home curation for `npm start`: the seven sections in the order the home shows them, with the newest image
 * items of the demo catalogue as featured items and three tips (Korean and English). Runs only when no section exists yet, so an
 * operator's curation is never overwritten; without a catalogue the featured section starts empty (the home
 * hides an empty section) and the computed sections fill themselves as items appear.
 */
import { CurationType, HideState, ResourceType } from '@att/shared';
import type { Db } from '../modules/schema';
import { systemClock } from '../platform/clock';

export const DEMO_SECTIONS = [
  { type: CurationType.Featured, ko: '주목할 만한 NFT', en: 'Featured NFTs' },
  { type: CurationType.TrendingCollections, ko: '인기 컬렉션', en: 'Trending collections' },
  { type: CurationType.Categories, ko: '카테고리별 둘러보기', en: 'Browse by category' },
  { type: CurationType.TrendingItems, ko: '인기 NFT', en: 'Trending NFTs' },
  { type: CurationType.NewItems, ko: '새로 등록된 NFT', en: 'New NFTs' },
  { type: CurationType.Tips, ko: 'NFT 시작하기', en: 'Getting started' },
  { type: CurationType.Auction, ko: '진행 중인 경매', en: 'Live auctions' },
] as const;

export const DEMO_TIPS = [
  {
    title: 'Kaia 지갑 설치하기',
    detail: '브라우저 확장 지갑을 설치하고 계정을 만드는 방법을 알아보세요.',
    titleEn: 'Install a Kaia wallet',
    detailEn: 'Learn how to install a browser extension wallet and create an account.',
    url: 'https://docs.kaia.io/',
  },
  {
    title: 'NFT란 무엇인가요?',
    detail: '대체 불가능한 토큰(NFT)의 기본 개념과 활용 사례를 소개합니다.',
    titleEn: 'What is an NFT?',
    detailEn: 'The basics of non-fungible tokens (NFTs) and what people use them for.',
    url: 'https://ethereum.org/nft/',
  },
  {
    title: '안전한 거래를 위한 팁',
    detail: '피싱 링크와 사기를 피하고 지갑을 안전하게 지키는 방법입니다.',
    titleEn: 'Tips for trading safely',
    detailEn: 'How to avoid phishing links and scams and keep your wallet safe.',
    url: 'https://ethereum.org/security/',
  },
];
const FEATURED_COUNT = 5;

/**
 * A data dir seeded before tips were bilingual (0014) keeps its demo tips: they get their English pair, matched by
 * the untouched Korean title, text and link (a tip an operator wrote or changed is left alone).
 */
async function addDemoTipsEnglish(db: Db): Promise<void> {
  for (const tip of DEMO_TIPS) {
    await db
      .updateTable('curation_entries')
      .set({ title_en: tip.titleEn, detail_en: tip.detailEn })
      .where('connect_url', '=', tip.url)
      .where('title', '=', tip.title)
      .where('detail', '=', tip.detail)
      .where('title_en', 'is', null)
      .execute();
  }
}

/** Seeds the demo sections once; returns how many sections it wrote (0 when curation already existed). */
export async function seedCurationDemo(db: Db, now = systemClock()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('curation_sections').select('curation_idx').limit(1).executeTakeFirst();
    if (existing) {
      await addDemoTipsEnglish(trx);
      return 0;
    }
    const sections = await trx
      .insertInto('curation_sections')
      .values(
        DEMO_SECTIONS.map((s, i) => ({
          curation_type: s.type,
          name_ko: s.ko,
          name_en: s.en,
          sort_order: i + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['curation_idx', 'curation_type'])
      .execute();
    const idxOf = (type: number) => sections.find((s) => s.curation_type === type)!.curation_idx;
    const featured = await trx
      .selectFrom('items as i')
      .innerJoin('collections as c', 'c.collection_idx', 'i.collection_idx')
      .select('i.item_idx')
      .where('i.resource_type', '=', ResourceType.Image)
      .where('i.deleted_at', 'is', null)
      .where('i.hide_state', '=', HideState.Shown)
      .where('c.deleted_at', 'is', null)
      .orderBy('i.item_idx', 'desc')
      .limit(FEATURED_COUNT)
      .execute();
    const entries = [
      ...featured.map((f, i) => ({
        curation_idx: idxOf(CurationType.Featured),
        sort_order: i + 1,
        item_idx: f.item_idx,
        created_at: now,
      })),
      ...DEMO_TIPS.map((tip, i) => ({
        curation_idx: idxOf(CurationType.Tips),
        sort_order: i + 1,
        title: tip.title,
        detail: tip.detail,
        title_en: tip.titleEn,
        detail_en: tip.detailEn,
        connect_url: tip.url,
        created_at: now,
      })),
    ];
    await trx.insertInto('curation_entries').values(entries).execute();
    return sections.length;
  });
}
