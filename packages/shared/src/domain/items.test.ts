import { describe, expect, it } from 'vitest';
import { collectionRegisterRequest, royaltySchema } from '../api/collection';
import { itemRegisterRequest } from '../api/item';
import { routeAuth, routes } from '../api/routes';
import { uploadUrl } from '../api/upload';
import { checkCollectionForm, checkItemForm, itemTypeOf, lineCount, resourceTypeOf, type ItemForm } from './items';

const item: ItemForm = {
  hasResource: true,
  resourceType: 1,
  hasThumbnail: false,
  productName: '작품',
  productDesc: '',
  category: 1,
  collectionIdx: 3,
  totalSupply: 1,
  isExistUnlockedContent: 0,
  unlockedContent: '',
};

describe('collection form', () => {
  const ok = { collectionName: '컬렉션', collectionDesc: '', royalty: '2.5', hasLogo: true };
  it('names the first failing rule', () => {
    expect(checkCollectionForm(ok)).toBeNull();
    expect(checkCollectionForm({ ...ok, hasLogo: false })).toBe('logoRequired');
    expect(checkCollectionForm({ ...ok, hasLogo: false }, true)).toBeNull();
    expect(checkCollectionForm({ ...ok, collectionName: '  ' })).toBe('nameRequired');
    expect(checkCollectionForm({ ...ok, collectionName: '가'.repeat(101) })).toBe('nameTooLong');
    expect(checkCollectionForm({ ...ok, collectionDesc: 'x'.repeat(1001) })).toBe('descTooLong');
    expect(checkCollectionForm({ ...ok, royalty: '1.234' })).toBe('royaltyInvalid');
    expect(checkCollectionForm({ ...ok, royalty: '10.5' })).toBe('royaltyTooBig');
    expect(checkCollectionForm({ ...ok, royalty: '' })).toBeNull();
  });
  it('agrees with the server schema on royalty', () => {
    expect(royaltySchema.safeParse(10).success).toBe(true);
    expect(royaltySchema.safeParse(2.55).success).toBe(true);
    expect(royaltySchema.safeParse(2.555).success).toBe(false);
    expect(royaltySchema.safeParse(10.01).success).toBe(false);
    const body = { id: 'a', ticketId: 'b', collectionName: ' x ', royalty: 0, logoFileName: '0123456789abcdef.png' };
    expect(collectionRegisterRequest.parse(body).collectionName).toBe('x');
  });
});

describe('item form', () => {
  it('names the first failing rule', () => {
    expect(checkItemForm(item)).toBeNull();
    expect(checkItemForm({ ...item, hasResource: false })).toBe('resourceRequired');
    expect(checkItemForm({ ...item, resourceType: 2 })).toBe('thumbnailRequired');
    expect(checkItemForm({ ...item, resourceType: 2, hasThumbnail: true })).toBeNull();
    expect(checkItemForm({ ...item, productName: 'x'.repeat(46) })).toBe('nameTooLong');
    expect(checkItemForm({ ...item, productDesc: '1\n2\n3\n4\n5\n6' })).toBe('descTooManyLines');
    expect(checkItemForm({ ...item, category: -1 })).toBe('categoryRequired');
    expect(checkItemForm({ ...item, collectionIdx: -1 })).toBe('collectionRequired');
    expect(checkItemForm({ ...item, totalSupply: 0 })).toBe('quantityMin');
    expect(checkItemForm({ ...item, isExistUnlockedContent: 1 })).toBe('unlockedContentRequired');
  });
  it('counts lines of any line ending; types follow the edition and format', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\r\nb\rc\nd')).toBe(4);
    expect(itemTypeOf(1)).toBe(2);
    expect(itemTypeOf(5)).toBe(1);
    expect(resourceTypeOf('svg')).toBe(1);
    expect(resourceTypeOf('ogg')).toBe(2);
  });
  it('the register schema refuses 6 lines, a toggle without content and a frozen metadata flag', () => {
    const base = {
      id: 'a',
      ticketId: 'b',
      fileName: '0123456789abcdef.png',
      category: 1,
      productName: 'x',
      totalSupply: 1,
      collectionIdx: 1,
    };
    expect(itemRegisterRequest.safeParse(base).success).toBe(true);
    expect(itemRegisterRequest.safeParse({ ...base, productDesc: '1\n2\n3\n4\n5\n6' }).success).toBe(false);
    expect(itemRegisterRequest.safeParse({ ...base, isExistUnlockedContent: 1 }).success).toBe(false);
    expect(itemRegisterRequest.safeParse({ ...base, flagFreezeMetadata: 1 }).success).toBe(false);
  });
});

describe('routes table', () => {
  it('marks logged-in routes and builds upload URLs once', () => {
    expect(routeAuth('/nft/collection/register')).toBe('member');
    expect(routeAuth('/nft/detail')).toBe('optional');
    expect(routeAuth('/nft/collection/info')).toBe('none');
    expect(Object.keys(routes)).toContain('/nft/info/collection/hideItem');
    expect(uploadUrl('collectionBanner', 'me', 't/k')).toBe(
      '/attnftmarket/api/v1/nft/collection/upload/banner/me/t%2Fk',
    );
  });
});
