/**
 * Demo support content for `npm start`: a few notices (one pinned, one popup) and FAQ categories with
 * answers, in Korean and English. Runs only when there are no notices and no FAQ categories yet, so an
 * operator's edits are never overwritten. Bodies are written here as already-safe HTML.
 */
import type { Db } from '../modules/schema';
import { systemClock } from '../platform/clock';

const DAY = 24 * 60 * 60 * 1000;

export async function seedSupportDemo(db: Db, now = systemClock()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('notices').select('notice_idx').limit(1).executeTakeFirst();
    const existingFaq = await trx.selectFrom('faq_categories').select('faq_category_idx').limit(1).executeTakeFirst();
    if (!existing) {
      const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
      await trx
        .insertInto('notices')
        .values([
          {
            lang: 'ko',
            title: 'ATT NFT 마켓플레이스 오픈 안내',
            message:
              '<p>ATT NFT 마켓플레이스가 문을 열었습니다. 지갑을 연결하고 이메일 인증을 마치면 컬렉션을 만들고 NFT를 발행할 수 있습니다.</p>',
            list_type: 2,
            created_at: at(10),
            updated_at: at(10),
          },
          {
            lang: 'ko',
            title: '정기 점검 안내 (매주 목요일 02:00~04:00)',
            message:
              '<p>매주 목요일 <strong>02:00~04:00 (KST)</strong>에 정기 점검이 진행됩니다. 점검 중에는 거래가 제한될 수 있습니다.</p>',
            flag_popup: 1,
            created_at: at(3),
            updated_at: at(3),
          },
          {
            lang: 'ko',
            title: '거래 수수료 안내',
            message:
              '<p>판매 금액의 플랫폼 수수료와 창작자 로열티(최대 10%)가 정산 시 차감됩니다.</p><ul><li>고정가 판매</li><li>경매 낙찰</li></ul>',
            created_at: at(2),
            updated_at: at(2),
          },
          {
            lang: 'en',
            title: 'ATT NFT Marketplace is open',
            message:
              '<p>The ATT NFT Marketplace is open. Connect a wallet and verify your e-mail to create collections and publish NFTs.</p>',
            list_type: 2,
            created_at: at(10),
            updated_at: at(10),
          },
          {
            lang: 'en',
            title: 'Weekly maintenance (Thursdays 02:00-04:00 KST)',
            message:
              '<p>Maintenance runs every Thursday <strong>02:00-04:00 KST</strong>. Trading may be limited meanwhile.</p>',
            flag_popup: 1,
            created_at: at(3),
            updated_at: at(3),
          },
        ])
        .execute();
    }
    if (!existingFaq) {
      const cats = await trx
        .insertInto('faq_categories')
        .values([
          { name_ko: '계정·지갑', name_en: 'Account & wallet', sort_order: 1 },
          { name_ko: '거래', name_en: 'Trading', sort_order: 2 },
        ])
        .returning('faq_category_idx')
        .execute();
      const [account, trade] = cats.map((c) => c.faq_category_idx) as [number, number];
      await trx
        .insertInto('faq_items')
        .values([
          {
            faq_category_idx: account,
            lang: 'ko',
            title: '어떤 지갑을 쓸 수 있나요?',
            message: '<p>카이아 월렛(Kaikas)과 메타마스크 등 브라우저 지갑을 사용할 수 있습니다.</p>',
            sort_order: 1,
          },
          {
            faq_category_idx: account,
            lang: 'ko',
            title: '인증 메일이 오지 않아요.',
            message: '<p>스팸함을 확인하고, 그래도 없으면 지갑을 다시 연결해 인증 메일을 다시 요청하세요.</p>',
            sort_order: 2,
          },
          {
            faq_category_idx: trade,
            lang: 'ko',
            title: '구매한 NFT는 어디에서 보나요?',
            message: '<p><strong>내 프로필</strong>의 아이템 탭에서 확인할 수 있습니다.</p>',
            sort_order: 1,
          },
          {
            faq_category_idx: account,
            lang: 'en',
            title: 'Which wallets can I use?',
            message: '<p>Kaia Wallet (Kaikas), MetaMask and other browser wallets.</p>',
            sort_order: 1,
          },
          {
            faq_category_idx: trade,
            lang: 'en',
            title: 'Where do I see the NFTs I bought?',
            message: '<p>On the items tab of <strong>My profile</strong>.</p>',
            sort_order: 1,
          },
        ])
        .execute();
    }
  });
}
