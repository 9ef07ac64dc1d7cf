/** Random filter + order combinations over the seeded catalogue give the same ids in the same order as the brute-force reference. */
import { describe, expect, it } from 'vitest';
import { alice, bob, carol, collectionIds, ids, rng, setUpCatalogue, t } from './item-lists-catalogue';
import { randomFilters, reference } from './item-lists-reference';

setUpCatalogue();

describe('the item query against a brute-force reference', () => {
  it('marketplace and search: random filters and the seven orders give the same ids in the same order', async () => {
    const rand = rng(7);
    for (let n = 0; n < 120; n++) {
      const f = randomFilters(rand, { market: true, category: true, itemType: true });
      const path = f.searchText !== undefined ? '/nft/info/searchList' : '/nft/instance/list';
      const pageNo = rand() < 0.2 ? 2 : 1;
      const r = await t.post(path, { ...f, pageNo, pageSize: 40 });
      expect(r.returnCode, JSON.stringify(f)).toBe(0);
      const want = reference({ kind: 'market' }, f, true);
      expect(ids(r.body.list), JSON.stringify(f)).toEqual(want.slice((pageNo - 1) * 40, pageNo * 40));
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize, JSON.stringify(f)).toBe(want.length);
    }
  });

  it('profile, liked, hidden and collection lists: random filters and orders match the reference', async () => {
    const rand = rng(11);
    for (let n = 0; n < 90; n++) {
      const f = randomFilters(rand, { market: false, category: false, itemType: false });
      const who = [alice, bob, carol][n % 3]!;
      const kind = (['owned', 'liked', 'hidden', 'collection', 'other'] as const)[n % 5]!;
      let r;
      let want: number[];
      if (kind === 'owned') {
        r = await t.post('/nft/info/allList', { ...who.auth, ...f });
        want = reference({ kind: 'owned', member: who }, f, false);
      } else if (kind === 'other') {
        r = await t.post('/nft/info/allList/other', { memberIdx: who.memberIdx, ...f });
        want = reference({ kind: 'owned', member: who }, f, false);
      } else if (kind === 'liked') {
        const other = rand() < 0.5;
        r = other
          ? await t.post('/nft/like/list/other', { memberIdx: who.memberIdx, ...f })
          : await t.post('/nft/like/list', { ...who.auth, ...f });
        want = reference({ kind: 'liked', member: who }, f, false);
      } else if (kind === 'hidden') {
        r = await t.post('/nft/hide/list', { ...who.auth, ...f });
        want = reference({ kind: 'hidden', member: who }, f, false);
      } else {
        const collectionIdx = collectionIds[n % (collectionIds.length - 1)]!;
        r = await t.post('/nft/info/collection/Item', { collectionIdx, ...f, filterCollection: undefined });
        want = reference(
          { kind: 'collection', collectionIdx, hidden: 0 },
          { ...f, filterCollection: undefined },
          false,
        );
      }
      expect(r.returnCode, `${kind} ${JSON.stringify(f)}`).toBe(0);
      expect(ids(r.body.list), `${kind} ${JSON.stringify(f)}`).toEqual(want.slice(0, 500));
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize).toBe(want.length);
    }
  });
});
