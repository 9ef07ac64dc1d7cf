/** The curation console: listing, creating and moving sections, adding, editing and removing entries, all audited. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  all,
  auditActions,
  collection,
  ids,
  item,
  op,
  opWallet,
  seedSections,
  sectionsOf,
  setUpApp,
  t,
} from './curation-fixture';

setUpApp();
beforeAll(seedSections);

describe('console: curation', () => {
  it('lists sections with their entries; searches names', async () => {
    const list = await sectionsOf();
    expect(list).toHaveLength(7);
    expect(list[0]!.entries.length).toBeGreaterThan(0);
    const found = await t.post('/admin/curation/list', { ...op.auth, searchText: 'Live' });
    expect((found.body.list as unknown[]).length).toBe(1);
    expect(found.body.page).toEqual({ totalRecordSize: 1, pageNo: 1, pageCount: 1 });
  });

  it('creates a section at the end, refuses a type change (5) and an unknown section (8)', async () => {
    const r = await t.post('/admin/curation/save', {
      ...op.auth,
      curationType: 5,
      name: '  가이드 ',
      nameEn: 'Guides',
      visible: 1,
    });
    expect(r.returnCode).toBe(0);
    const idx = (r.body.data as { idx: number }).idx;
    const list = await sectionsOf();
    expect(list.at(-1)).toMatchObject({ curationIdx: idx, name: '가이드' });
    expect(
      (
        await t.post('/admin/curation/save', {
          ...op.auth,
          curationIdx: idx,
          curationType: 0,
          name: 'x',
          nameEn: 'x',
          visible: 1,
        })
      ).returnCode,
    ).toBe(5);
    expect(
      (
        await t.post('/admin/curation/save', {
          ...op.auth,
          curationIdx: 99_999,
          curationType: 0,
          name: 'x',
          nameEn: 'x',
          visible: 1,
        })
      ).returnCode,
    ).toBe(8);
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(51) },
      { curationType: 7 },
      { visible: 2 },
      { nameEn: '   ' },
    ]) {
      expect(
        (
          await t.post('/admin/curation/save', {
            ...op.auth,
            curationType: 5,
            name: 'n',
            nameEn: 'n',
            visible: 1,
            ...bad,
          })
        ).returnCode,
      ).toBe(5);
    }
    expect(
      (await t.post('/admin/curation/save', { ...op.auth, curationType: 5, nameEn: 'n', visible: 1 })).returnCode,
    ).toBe(6);
  });

  it('moves a section up and down; the ends answer 20', async () => {
    const before = (await sectionsOf()).map((s) => s.curationIdx);
    const audits = (await auditActions()).length;
    expect(
      (await t.post('/admin/curation/move', { ...op.auth, curationIdx: before[1], direction: -1 })).returnCode,
    ).toBe(0);
    const after = (await sectionsOf()).map((s) => s.curationIdx);
    expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
    expect((await all())[0]!.curationIdx).toBe(before[1]);
    expect(
      (await t.post('/admin/curation/move', { ...op.auth, curationIdx: after[0], direction: -1 })).returnCode,
    ).toBe(20);
    expect(
      (await t.post('/admin/curation/move', { ...op.auth, curationIdx: after.at(-1), direction: 1 })).returnCode,
    ).toBe(20);
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: 99_999, direction: 1 })).returnCode).toBe(
      8,
    );
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: after[0], direction: 2 })).returnCode).toBe(
      5,
    );
    expect((await auditActions()).slice(audits)).toEqual(['curation.move']);
    await t.post('/admin/curation/move', { ...op.auth, curationIdx: before[1], direction: 1 });
  });

  it('adds and removes entries of the right kind, audited', async () => {
    const list = await sectionsOf();
    const featured = list.find((s) => s.curationType === 0)!;
    const tips = list.find((s) => s.curationType === 5)!;
    const cats = list.find((s) => s.curationType === 2)!;
    const trending = list.find((s) => s.curationType === 3)!;
    const c = await collection();
    const fresh = await item(c);
    const add = (body: Record<string, unknown>) => t.post('/admin/curation/entry/add', { ...op.auth, ...body });
    const r = await add({ curationIdx: featured.curationIdx, productIdx: fresh });
    expect(r.returnCode).toBe(0);
    expect(ids((await all()).find((s) => s.curationType === 0)).at(-1)).toBe(fresh);
    expect((await add({ curationIdx: featured.curationIdx, productIdx: fresh })).returnCode).toBe(10);
    expect((await add({ curationIdx: featured.curationIdx, productIdx: 99_999 })).returnCode).toBe(8);
    expect((await add({ curationIdx: featured.curationIdx, categoryIdx: 1 })).returnCode).toBe(5);
    expect((await add({ curationIdx: trending.curationIdx, productIdx: fresh })).returnCode).toBe(5);
    expect((await add({ curationIdx: 99_999, productIdx: fresh })).returnCode).toBe(8);
    // Category tiles: once picked, only the picked ones show.
    expect((await add({ curationIdx: cats.curationIdx, categoryIdx: 2 })).returnCode).toBe(0);
    expect(
      (await all()).find((s) => s.curationType === 2)!.dataList.map((d) => (d as { categoryIdx: number }).categoryIdx),
    ).toEqual([2]);
    expect((await add({ curationIdx: cats.curationIdx, categoryIdx: 999 })).returnCode).toBe(8);
    // Tips: http(s) links only; an image must be the operator's own upload.
    const tip = { curationIdx: tips.curationIdx, title: '팁', detail: '자세히', connectUrl: 'https://example.com/a' };
    expect((await add(tip)).returnCode).toBe(0);
    expect((await add({ ...tip, connectUrl: 'javascript:alert(1)' })).returnCode).toBe(5);
    expect((await add({ ...tip, connectUrl: 'ftp://example.com' })).returnCode).toBe(5);
    expect((await add({ ...tip, fileName: 'notmine1234.png' })).returnCode).toBe(8);
    expect((await add({ ...tip, title: undefined })).returnCode).toBe(5);
    let tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.at(-1)).toMatchObject({
      title: '팁',
      connectUrl: 'https://example.com/a',
      fileName: null,
      titleEn: null,
      detailEn: null,
    });
    // A bilingual tip: the English pair is stored and answered beside the Korean one (both or neither).
    const en = { ...tip, connectUrl: 'https://example.com/en', titleEn: '  Tip ', detailEn: 'More' };
    expect((await add(en)).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.at(-1)).toMatchObject({
      title: '팁',
      detail: '자세히',
      titleEn: 'Tip',
      detailEn: 'More',
      connectUrl: 'https://example.com/en',
    });
    const listed = (await t.post('/admin/curation/list', { ...op.auth, pageSize: 100 })).body.list as {
      curationType: number;
      entries: Record<string, unknown>[];
    }[];
    expect(listed.find((s) => s.curationType === 5)!.entries.at(-1)).toMatchObject({
      title: '팁',
      titleEn: 'Tip',
      detailEn: 'More',
    });
    // Half an English pair: the missing half is a missing parameter.
    expect((await add({ ...en, detailEn: undefined })).returnCode).toBe(6);
    expect((await add({ ...en, titleEn: undefined })).returnCode).toBe(6);
    expect((await add({ ...en, titleEn: '   ' })).returnCode).toBe(5);
    expect((await add({ ...en, titleEn: 'x'.repeat(61) })).returnCode).toBe(5);
    expect((await add({ ...en, detailEn: 'x'.repeat(201) })).returnCode).toBe(5);
    // An existing tip gets (or loses) its English pair and a new link from the console; audited.
    const koTip = tipsNow.dataList.find((d) => d.connectUrl === 'https://example.com/a')!;
    const update = (body: Record<string, unknown>) => t.post('/admin/curation/entry/update', { ...op.auth, ...body });
    const edited = {
      entryIdx: koTip.tipIdx,
      title: '지갑 팁',
      detail: '자세히 보기',
      titleEn: 'Wallet tip',
      detailEn: 'Read more',
      connectUrl: 'https://example.com/b',
    };
    expect((await update(edited)).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.find((d) => d.tipIdx === koTip.tipIdx)).toMatchObject({
      title: '지갑 팁',
      detail: '자세히 보기',
      titleEn: 'Wallet tip',
      detailEn: 'Read more',
      connectUrl: 'https://example.com/b',
    });
    expect((await auditActions()).at(-1)).toBe('curation.entry.update');
    expect((await update({ ...edited, titleEn: undefined, detailEn: undefined })).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.find((d) => d.tipIdx === koTip.tipIdx)).toMatchObject({ titleEn: null, detailEn: null });
    expect((await update({ ...edited, detailEn: undefined })).returnCode).toBe(6);
    expect((await update({ ...edited, connectUrl: 'javascript:alert(1)' })).returnCode).toBe(5);
    expect((await update({ ...edited, entryIdx: 99_999 })).returnCode).toBe(8);
    expect((await update({ ...edited, entryIdx: (r.body.data as { idx: number }).idx })).returnCode).toBe(5);
    // English fields belong to tips only.
    expect(
      (await add({ curationIdx: featured.curationIdx, productIdx: await item(c), titleEn: 'a', detailEn: 'b' }))
        .returnCode,
    ).toBe(5);
    // Remove.
    const entryIdx = (r.body.data as { idx: number }).idx;
    expect((await t.post('/admin/curation/entry/remove', { ...op.auth, entryIdx })).returnCode).toBe(0);
    expect((await t.post('/admin/curation/entry/remove', { ...op.auth, entryIdx })).returnCode).toBe(8);
    expect(ids((await all()).find((s) => s.curationType === 0))).not.toContain(fresh);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'curation.entry.remove')
      .executeTakeFirstOrThrow();
    expect(audit.operator_address).toBe(opWallet.address);
    expect(audit.before).toMatchObject({ entry_idx: entryIdx, item_idx: fresh });
    expect(audit.after).toBeNull();
  });
});
