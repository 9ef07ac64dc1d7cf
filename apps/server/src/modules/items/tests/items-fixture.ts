/** One app per test file for the item tests: two members with a collection each, and registering items through the API. */
import type { ItemDetail } from '@att/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { png, uploaded } from '../../../../test/media';

export let t: TestApp;
export let alice: Awaited<ReturnType<typeof loggedIn>>;
export let bob: Awaited<ReturnType<typeof loggedIn>>;
export let aliceCollection: number;
export let bobCollection: number;

let counter = 0;
export async function newCollection(who: typeof alice): Promise<number> {
  const logoFileName = await uploaded(t, who.auth, 'logo', await png());
  const r = await t.post('/nft/collection/register', {
    ...who.auth,
    collectionName: `Items ${process.pid} ${++counter}`,
    royalty: 5,
    logoFileName,
  });
  return (r.body.data as { collectionIdx: number }).collectionIdx;
}

export async function register(overrides: Record<string, unknown> = {}, who = alice, resource?: Buffer) {
  const fileName = await uploaded(t, who.auth, 'resource', resource ?? (await png()));
  return t.post('/nft/register', {
    ...who.auth,
    fileName,
    category: 1,
    productName: '첫 작품',
    productDesc: 'line 1\nline 2',
    totalSupply: 1,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx: who === alice ? aliceCollection : bobCollection,
    ...overrides,
  });
}

export async function newItem(overrides: Record<string, unknown> = {}, who = alice): Promise<number> {
  const r = await register(overrides, who);
  expect(r.returnCode).toBe(0);
  return (r.body.data as { productId: number }).productId;
}

export const detail = async (productId: number, auth?: { id: string; ticketId: string }) =>
  (await t.post('/nft/detail', { ...auth, productId })).body.data as ItemDetail;

/** Builds the app with two members and a collection each before the file's tests; closes it after them. */
export function setUpItems(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await loggedIn(t);
    bob = await loggedIn(t);
    aliceCollection = await newCollection(alice);
    bobCollection = await newCollection(bob);
  });
  afterAll(async () => t?.close());
}
