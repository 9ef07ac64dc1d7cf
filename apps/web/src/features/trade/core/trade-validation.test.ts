import { describe, expect, it } from 'vitest';
import { checkBuy, checkTransfer, freePieces, mintedFree, parseQuantity, totalWei } from './trade-validation';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('buy rules', () => {
  it('quantity: digits only; single items are always 1', () => {
    expect(parseQuantity('1,2a3', 1)).toBe(123);
    expect(parseQuantity('', 1)).toBe(0);
    expect(parseQuantity('7', 2)).toBe(1);
  });

  it('total is exact integer wei', () => {
    expect(totalWei('1500000000000000000', 3)).toBe(4500000000000000000n);
    expect(totalWei('123456789012345678901234567890', 2)).toBe(246913578024691357802469135780n);
    expect(totalWei('x', 2)).toBe(0n);
  });

  it('checks quantity, then the balance (no-coin warning), then the agree box', () => {
    const ok = { quantity: 2, available: 3, agreed: true, balance: 10n, total: 10n };
    expect(checkBuy(ok)).toBeNull();
    expect(checkBuy({ ...ok, quantity: 0 })).toBe('buy.quantityRequired');
    expect(checkBuy({ ...ok, quantity: 4 })).toBe('buy.quantityTooMany');
    expect(checkBuy({ ...ok, balance: 9n })).toBe('buy.noCoin');
    expect(checkBuy({ ...ok, agreed: false })).toBe('buy.agreeRequired');
    // An unknown balance (still loading) does not block: the chain refuses a buy that cannot pay.
    expect(checkBuy({ ...ok, balance: undefined })).toBeNull();
  });
});

describe('transfer rules', () => {
  const ok = { quantity: 1, free: 2, to: B, from: A };
  it('accepts a well-formed address of someone else', () => {
    expect(checkTransfer(ok)).toBeNull();
    expect(checkTransfer({ ...ok, to: ` ${B.toLowerCase()} ` })).toBeNull();
  });
  it.each(['', '0x123', 'hello', `${B}00`, B.slice(2), `0x${'g'.repeat(40)}`])('"%s" is 잘못된 주소입니다', (to) => {
    expect(checkTransfer({ ...ok, to })).toBe('transfer.invalidAddress');
  });
  it('refuses sending to oneself, nothing, or more than the free pieces', () => {
    expect(checkTransfer({ ...ok, to: A.toLowerCase() })).toBe('errors.sendToSelf');
    expect(checkTransfer({ ...ok, quantity: 0 })).toBe('transfer.quantityRequired');
    expect(checkTransfer({ ...ok, quantity: 3 })).toBe('transfer.quantityTooMany');
  });
  it('free pieces and the minted ones a plain transfer may move', () => {
    expect(freePieces({ itemCountMine: 5, itemCountOnSaleMine: 2, itemCountReservedMine: 1 })).toBe(2);
    expect(freePieces({ itemCountMine: 1, itemCountOnSaleMine: 2, itemCountReservedMine: 0 })).toBe(0);
    // 3 pieces on chain, 2 listed: at most 1 minted piece is surely free.
    expect(mintedFree(3n, { itemCountOnSaleMine: 2, itemCountReservedMine: 0 })).toBe(1);
    // A creator with only unminted pieces: none on chain.
    expect(mintedFree(0n, { itemCountOnSaleMine: 0, itemCountReservedMine: 0 })).toBe(0);
  });
});
