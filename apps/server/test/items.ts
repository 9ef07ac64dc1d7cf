/** A collection and single items registered through the API, for tests outside the items module. */
import { expect } from 'vitest';
import type { TestApp } from './helper';
import { png, uploaded, type Auth } from './media';

export async function apiCollection(t: TestApp, auth: Auth, collectionName: string): Promise<number> {
  const logoFileName = await uploaded(t, auth, 'logo', await png());
  const r = await t.post('/nft/collection/register', { ...auth, collectionName, royalty: 5, logoFileName });
  expect(r.returnCode).toBe(0);
  return (r.body.data as { collectionIdx: number }).collectionIdx;
}

export async function apiItem(t: TestApp, auth: Auth, collectionIdx: number, productName = 'item'): Promise<number> {
  const fileName = await uploaded(t, auth, 'resource', await png());
  const r = await t.post('/nft/register', {
    ...auth,
    fileName,
    category: 1,
    productName,
    productDesc: '',
    totalSupply: 1,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx,
  });
  expect(r.returnCode).toBe(0);
  return (r.body.data as { productId: number }).productId;
}
