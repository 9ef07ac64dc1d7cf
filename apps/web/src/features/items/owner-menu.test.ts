import { describe, expect, it } from 'vitest';
import { ownerMenu, type OwnedItemCounts } from './owner-menu';

const fresh: OwnedItemCounts = {
  itemCountMine: 10,
  itemCountOnSaleMine: 0,
  itemCountReservedMine: 0,
  ownerCount: 1,
  lastPrice: null,
  hideState: 0,
};

describe('item card owner menu (spec 2, "Item card actions")', () => {
  it('is not shown to someone who owns no piece', () => {
    expect(ownerMenu({ ...fresh, itemCountMine: 0 })).toBeNull();
  });

  it('offers everything on a fresh item of the creator', () => {
    expect(ownerMenu(fresh)).toEqual({ sell: true, transfer: true, edit: true, hide: 'hide' });
    expect(ownerMenu({ ...fresh, lastPrice: '0' })?.edit).toBe(true);
  });

  it('sell needs pieces neither on sale nor reserved', () => {
    expect(ownerMenu({ ...fresh, itemCountOnSaleMine: 6, itemCountReservedMine: 4 })?.sell).toBe(false);
    expect(ownerMenu({ ...fresh, itemCountOnSaleMine: 6, itemCountReservedMine: 3 })?.sell).toBe(true);
  });

  it('transfer needs owned minus on sale above 0 (reserved pieces do not count against it)', () => {
    expect(ownerMenu({ ...fresh, itemCountOnSaleMine: 10 })?.transfer).toBe(false);
    expect(ownerMenu({ ...fresh, itemCountOnSaleMine: 9 })?.transfer).toBe(true);
    expect(ownerMenu({ ...fresh, itemCountReservedMine: 10 })).toMatchObject({ transfer: true, sell: false });
  });

  it('edit needs exactly one owner, no last sale price, nothing on sale or reserved', () => {
    expect(ownerMenu({ ...fresh, ownerCount: 2 })?.edit).toBe(false);
    expect(ownerMenu({ ...fresh, lastPrice: '1000000000000000000' })?.edit).toBe(false);
    expect(ownerMenu({ ...fresh, itemCountOnSaleMine: 1 })?.edit).toBe(false);
    expect(ownerMenu({ ...fresh, itemCountReservedMine: 1 })?.edit).toBe(false);
  });

  it('hideState 1 shows unhide, anything else hide', () => {
    expect(ownerMenu({ ...fresh, hideState: 1 })?.hide).toBe('unhide');
    expect(ownerMenu({ ...fresh, hideState: 0 })?.hide).toBe('hide');
  });
});
