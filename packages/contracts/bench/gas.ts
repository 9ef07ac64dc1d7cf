/**
 * `npm run bench:gas`: gas of the Market's trades next to the gas of the bare transfers each trade performs
 * (the token transfers and the ERC-1155 transfer or mint, in one transaction through `BareTransfers`), both
 * measured from the same chain state (anvil snapshot/revert). Prints a table and writes bench/gas-snapshot.json.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Address, TransactionReceipt } from 'viem';
import { compile } from '../scripts/compile';
import { bareTransfersAbi, bareTransfersBytecode } from '../test/generated/test-contracts';
import { KLAY, ROLE, parseEther, setup } from '../test/helpers';

await compile({ quiet: true });
const f = await setup();
const { addr, d } = f;
const [seller, buyer, bidder, other, author, feeReceiver] = [
  addr[ROLE.seller]!,
  addr[ROLE.buyer]!,
  addr[ROLE.bidder]!,
  addr[ROLE.other]!,
  addr[ROLE.author]!,
  addr[ROLE.feeReceiver]!,
];

try {
  // ---- shared state: approvals for the Market and for the baseline, pieces, non-empty recipient balances
  await f.approveAll();
  const hash = await f.wallets[ROLE.owner]!.deployContract({ abi: bareTransfersAbi, bytecode: bareTransfersBytecode, chain: f.chain, account: f.accounts[ROLE.owner]! });
  const bare = (await f.wait(hash)).contractAddress as Address;
  for (const w of [ROLE.seller, ROLE.buyer, ROLE.bidder, ROLE.other]) {
    await f.att(w, 'approve', [bare, 2n ** 256n - 1n]);
    await f.items(w, 'setApprovalForAll', [bare, true]);
  }
  await f.items(ROLE.owner, 'addMinter', [bare]);
  await f.mintTo(seller, 1n, 100n);
  await f.att(ROLE.seller, 'transfer', [feeReceiver, parseEther('1')]);
  // Spend one id of the bitmap word so the measured buys use a warm word, as 255 of every 256 ids do.
  const warm = await f.buyParams({ id: 1000n, itemId: 1n });
  await f.market(ROLE.buyer, 'buyNft', [warm, await f.sign('Buy', warm)]);

  const price = parseEther('10');
  const fee = (price * 250n) / 10_000n;
  const royalty = (price * 500n) / 10_000n;
  const toSeller = price - fee - royalty;
  const bareCall = (who: number, fn: string, args: readonly unknown[], value?: bigint) =>
    f.send(who, bare, bareTransfersAbi as Abi, fn, args, value);

  interface Row {
    operation: string;
    gas: number;
    bare: number;
    ratio: number;
  }
  const rows: Row[] = [];
  const measure = async (
    operation: string,
    prepare: () => Promise<void>,
    trade: () => Promise<TransactionReceipt>,
    baseline: () => Promise<TransactionReceipt>,
  ) => {
    const before = await f.snapshot();
    await prepare();
    const mid = await f.snapshot();
    const gas = Number((await trade()).gasUsed);
    await f.revert(mid);
    const bareGas = Number((await baseline()).gasUsed);
    await f.revert(before);
    rows.push({ operation, gas, bare: bareGas, ratio: Math.round((gas / bareGas) * 1000) / 1000 });
  };
  const noop = async () => {};

  await measure(
    'buyNft: minted ERC-1155 piece, ATT, fee + royalty',
    noop,
    async () => {
      const p = await f.buyParams({ id: 1001n });
      return f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]);
    },
    () => bareCall(ROLE.buyer, 'erc20Sale', [d.att, d.items, seller, feeReceiver, author, 1n, 1n, toSeller, fee, royalty]),
  );
  await measure(
    'buyNft: same, first id of a 256-id bitmap word',
    noop,
    async () => {
      const p = await f.buyParams({ id: 256n * 77n });
      return f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]);
    },
    () => bareCall(ROLE.buyer, 'erc20Sale', [d.att, d.items, seller, feeReceiver, author, 1n, 1n, toSeller, fee, royalty]),
  );
  await measure(
    'buyNft: minted ERC-1155 piece, KLAY, fee + royalty',
    noop,
    async () => {
      const p = await f.buyParams({ id: 1002n, token: KLAY });
      return f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)], price);
    },
    () => bareCall(ROLE.buyer, 'klaySale', [d.items, seller, feeReceiver, author, 1n, 1n, fee, royalty], price),
  );
  await measure(
    'buyNft: lazy mint (first sale), ATT, fee + royalty',
    noop,
    async () => {
      const p = await f.buyParams({ id: 1003n, itemId: 2n, seller: author, mintAmount: 1n });
      return f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]);
    },
    () => bareCall(ROLE.buyer, 'erc20MintSale', [d.att, d.items, author, feeReceiver, author, 2n, 1n, toSeller, fee, royalty, 500n]),
  );
  const firstBid = parseEther('1');
  const secondBid = parseEther('1.05');
  let auctionId = 0n;
  await measure(
    'placeBid: outbids and refunds the previous bidder, ATT',
    async () => {
      const p = await f.auctionParams({ itemId: 1n });
      auctionId = p.id;
      await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
      await f.market(ROLE.bidder, 'placeBid', [auctionId, firstBid]);
      await f.att(ROLE.bidder, 'transfer', [bare, firstBid]); // the baseline's "escrow" holds the same bid
    },
    () => f.market(ROLE.other, 'placeBid', [auctionId, secondBid]),
    () => bareCall(ROLE.other, 'bidWithRefund', [d.att, secondBid, bidder, firstBid]),
  );
  const offerPrice = parseEther('5');
  let offerId = 0n;
  await measure(
    'acceptOffer: minted piece, ATT escrow, fee + royalty',
    async () => {
      const o = await f.offerParams({ itemId: 1n, pricePerOne: offerPrice });
      offerId = o.id;
      await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
      await f.att(ROLE.other, 'transfer', [bare, offerPrice]);
    },
    async () => {
      const a = await f.acceptParams({ offerId });
      return f.market(ROLE.seller, 'acceptOffer', [a, await f.sign('Accept', a)]);
    },
    () =>
      bareCall(ROLE.seller, 'offerPayout', [
        d.att,
        d.items,
        buyer,
        feeReceiver,
        author,
        1n,
        1n,
        offerPrice - (offerPrice * 750n) / 10_000n,
        (offerPrice * 250n) / 10_000n,
        (offerPrice * 500n) / 10_000n,
      ]),
  );
  await measure(
    'transferWithMint: owned piece',
    noop,
    async () => {
      const t = await f.transferParams({ to: other });
      return f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t)]);
    },
    () => bareCall(ROLE.seller, 'transferMint', [d.items, other, 1n, 1n, 0n, author, 500n]),
  );
  await measure(
    'transferWithMint: lazily minted piece',
    noop,
    async () => {
      const t = await f.transferParams({ itemId: 3n, from: author, to: other, mintAmount: 1n });
      return f.market(ROLE.author, 'transferWithMint', [t, await f.sign('Transfer', t)]);
    },
    async () => {
      await f.items(ROLE.author, 'setApprovalForAll', [bare, true]);
      return bareCall(ROLE.author, 'transferMint', [d.items, other, 3n, 1n, 1n, author, 500n]);
    },
  );

  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  console.log(`\n${pad('operation', 56)}${lpad('gas', 10)}${lpad('bare', 10)}${lpad('ratio', 8)}`);
  console.log('-'.repeat(84));
  for (const r of rows) {
    console.log(`${pad(r.operation, 56)}${lpad(r.gas.toLocaleString('en-US'), 10)}${lpad(r.bare.toLocaleString('en-US'), 10)}${lpad(r.ratio.toFixed(3), 8)}`);
  }
  console.log('\nbare = the same token + ERC-1155 transfers (or mint) in one transaction, no checks (test/contracts/BareTransfers.sol).');
  console.log('Reference: Seaport fulfillBasicOrder, two fee recipients, ERC-721 for ETH: 166,573 gas. Target: ATT buy < 130,000 and <= 1.3x bare.');
  const out = join(dirname(fileURLToPath(import.meta.url)), 'gas-snapshot.json');
  writeFileSync(out, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`snapshot written to ${out}`);
} finally {
  await f.stop();
}
