/**
 * JavaScript clients send `null` for an unset filter: `/nft/instance/list` with `filterCategory: null` (and any
 * other optional field null) answers what leaving them out answers, not 5; a required field sent as null is still
 * refused.
 */
import { ReturnCode } from '@att/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('an optional filter sent as null reads as unset; a required field sent as null is refused', async () => {
  const unset = await t.post('/nft/instance/list', {});
  expect(unset.returnCode).toBe(ReturnCode.Success);
  const nulls = await t.post('/nft/instance/list', {
    filterCategory: null,
    filterCollection: null,
    filterCoin: null,
    startPrice: null,
    pageNo: null,
    id: null,
  });
  expect(nulls.returnCode).toBe(ReturnCode.Success);
  expect(nulls.body).toEqual(unset.body);
  const collection = await t.post('/nft/collection/info', { collectionIdx: null });
  expect([ReturnCode.ValidationFailed, ReturnCode.MissingParameters]).toContain(collection.returnCode);
});
