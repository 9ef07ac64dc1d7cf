/**
 * `npm run bench:gas`: gas of the Market's trades next to the gas of the bare transfers each trade performs
 * (the token transfers and the ERC-1155 transfer or mint, in one transaction through `BareTransfers`), both
 * measured from the same chain state (anvil snapshot/revert); `npm run bench:gas` compiles first. Prints a table,
 * each target with its figure, and the contract sizes, writes bench/gas-snapshot.json, and fails when a buy path
 * reaches Seaport's 166,573 gas, the common case 125,000, or an auction target is missed. The buy targets
 * (later fill 110,000, first fill 125,000) are printed but not enforced: the README says why they are not met.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getContractAddress, parseEther, type Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '../src/accounts';
import type { Listing } from '../src/eip712';
import { buyNftCall } from '../src/market-client';
import { bareTransfersAbi, bareTransfersBytecode } from '../test/generated/test-contracts';
import { KLAY, ROLE, itemOf, setup } from '../test/helpers';
import { auctionRows } from './gas-auctions';
import { CART, CART_MAX_RATIO, cartRow } from './gas-cart';
import { collectionOfferRows, offerPayout } from './gas-collection-offers';
import { COMMON, FIRST_FILL, TARGETS, type Measure, type Row } from './gas-targets';

const SEAPORT_BASIC_ORDER = 166_573;
const COMMON_CASE_CEILING = 125_000;

// The baseline mints too, so it must be a minter before the minter list is locked at deployment: it is the first
// contract the `extra2` account deploys (nonce 0), an address known before `setup`.
const bareDeployer = privateKeyToAccount(ANVIL_KEYS[ROLE.extra2]);
const barePredicted = getContractAddress({ from: bareDeployer.address, nonce: 0n });
const f = await setup({ extraMinters: [barePredicted] });
const { addr, d } = f;
const [seller, other, author, feeReceiver] = [
  addr[ROLE.seller]!,
  addr[ROLE.other]!,
  addr[ROLE.author]!,
  addr[ROLE.feeReceiver]!,
];
let failed = false;

try {
  // ---- shared state: approvals for the Market and for the baseline, pieces, non-empty recipient balances
  const hash = await f.wallets[ROLE.extra2]!.deployContract({
    abi: bareTransfersAbi,
    bytecode: bareTransfersBytecode,
    chain: f.chain,
    account: f.accounts[ROLE.extra2]!,
  });
  const bare = (await f.wait(hash)).contractAddress as Address;
  if (bare.toLowerCase() !== barePredicted.toLowerCase())
    throw new Error(`baseline deployed at ${bare}, expected ${barePredicted}`);
  await f.approveAll();
  for (const w of [ROLE.seller, ROLE.buyer, ROLE.bidder, ROLE.other, ROLE.author]) {
    await f.att(w, 'approve', [bare, 2n ** 256n - 1n]);
    await f.items(w, 'setApprovalForAll', [bare, true]);
  }
  await f.mintTo(seller, f.ITEM, 100n);
  await f.att(ROLE.seller, 'transfer', [feeReceiver, parseEther('1')]);
  // The common listing: 50 pieces at 10 ATT, already filled once (a later fill is the common case), which also
  // spends an id of the reservation bitmap word, as 255 of every 256 sequential ids find it.
  const common = await f.listing({ amount: 50n });
  const commonSig = await f.signListing(common);
  /** One piece of `l` bought with the market client's call (KLAY listings pay the exact value), sent with its gas. */
  const fill = async (l: Listing, sig: `0x${string}`, id: bigint) => {
    const reservation = await f.reservation(l, { amount: 1n, id });
    const c = buyNftCall(d.market, {
      listing: l,
      sellerSignature: sig,
      reservation,
      validatorSignature: await f.sign('Buy', reservation),
    });
    return f.sendCall(ROLE.buyer, c, { fixedGas: true });
  };
  await fill(common, commonSig, 1000n);
  const klayListing = await f.listing({ amount: 50n, token: KLAY });
  const klaySig = await f.signListing(klayListing);
  await fill(klayListing, klaySig, 999n);
  const lazyId = itemOf(author, 2n);
  const lazy = await f.listing({ seller: author, itemId: lazyId, amount: 50n, editionSize: 100n, royaltyBps: 500n });
  const lazySig = await f.signListing(lazy);

  const price = parseEther('10');
  const fee = (price * 250n) / 10_000n;
  const royalty = (price * 500n) / 10_000n;
  const toSeller = price - fee - royalty;
  const bareCall = (who: number, fn: string, args: readonly unknown[], value?: bigint) =>
    f.send(who, bare, bareTransfersAbi as Abi, fn, args, value);
  const bareSale = () =>
    bareCall(ROLE.buyer, 'erc20Sale', [
      d.att,
      d.items,
      seller,
      feeReceiver,
      author,
      f.ITEM,
      1n,
      toSeller,
      fee,
      royalty,
    ]);

  const rows: Row[] = [];
  const measure: Measure = async (operation, prepare, trade, baseline) => {
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

  await measure(COMMON, noop, () => fill(common, commonSig, 1001n), bareSale);
  await measure(
    FIRST_FILL,
    noop,
    async () => {
      const l = await f.listing({ amount: 5n });
      return fill(l, await f.signListing(l), 1002n);
    },
    bareSale,
  );
  await measure(
    'buyNft: later fill, first id of a 256-id bitmap word',
    noop,
    () => fill(common, commonSig, 256n * 77n),
    bareSale,
  );
  await measure(
    'buyNft: later fill of a minted piece, KLAY, fee + royalty',
    noop,
    () => fill(klayListing, klaySig, 1003n),
    () => bareCall(ROLE.buyer, 'klaySale', [d.items, seller, feeReceiver, author, f.ITEM, 1n, fee, royalty], price),
  );
  await measure(
    'buyNft: lazy mint, first sale (edition + royalty recorded), ATT',
    noop,
    () => fill(lazy, lazySig, 1004n),
    () =>
      bareCall(ROLE.buyer, 'erc20MintSale', [
        d.att,
        d.items,
        author,
        feeReceiver,
        author,
        lazyId,
        1n,
        toSeller,
        fee,
        royalty,
        100n,
        500n,
      ]),
  );
  await measure(
    'buyNft: lazy mint, later sale, ATT',
    async () => {
      await fill(lazy, lazySig, 1005n);
    },
    () => fill(lazy, lazySig, 1006n),
    () =>
      bareCall(ROLE.buyer, 'erc20MintSale', [
        d.att,
        d.items,
        author,
        feeReceiver,
        author,
        lazyId,
        1n,
        toSeller,
        fee,
        royalty,
        100n,
        500n,
      ]),
  );
  await auctionRows(f, measure, bare);
  rows.push(await cartRow(f));
  const offerPrice = parseEther('5');
  let offerId = 0n;
  await measure(
    'acceptOffer: minted piece, ATT escrow, fee + royalty',
    async () => {
      const o = await f.offerParams({ pricePerOne: offerPrice });
      offerId = o.id;
      await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
      await f.att(ROLE.other, 'transfer', [bare, offerPrice]);
    },
    async () => {
      const a = await f.acceptParams({ offerId });
      return f.market(ROLE.seller, 'acceptOffer', [a, await f.sign('Accept', a)]);
    },
    () => offerPayout(f, bare, offerPrice),
  );
  await collectionOfferRows(f, measure, bare);
  await measure(
    'transferWithMint: owned piece',
    noop,
    async () => {
      const t = await f.transferParams({ to: other });
      return f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t)]);
    },
    () => bareCall(ROLE.seller, 'transferMint', [d.items, other, f.ITEM, 1n, 0n, author, 0n, 0n]),
  );
  const lazyT = itemOf(author, 3n);
  await measure(
    'transferWithMint: lazily minted piece (first mint)',
    noop,
    async () => {
      const t = await f.transferParams({
        itemId: lazyT,
        from: author,
        to: other,
        mintAmount: 1n,
        editionSize: 10n,
        royaltyBps: 500n,
      });
      return f.market(ROLE.author, 'transferWithMint', [t, await f.sign('Transfer', t)]);
    },
    () => bareCall(ROLE.author, 'transferMint', [d.items, other, lazyT, 1n, 1n, author, 10n, 500n]),
  );

  const fmt = (n: number) => n.toLocaleString('en-US');
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  console.log(`\n${pad('operation', 76)}${lpad('gas', 10)}${lpad('bare', 10)}${lpad('ratio', 8)}`);
  console.log('-'.repeat(104));
  for (const r of rows)
    console.log(`${pad(r.operation, 76)}${lpad(fmt(r.gas), 10)}${lpad(fmt(r.bare), 10)}${lpad(r.ratio.toFixed(3), 8)}`);
  console.log(
    '\nbare = the same token + ERC-1155 transfers (or mint) in one transaction, no checks (test/contracts/BareTransfers.sol).',
  );
  const gasOf = (operation: string) => rows.find((r) => r.operation === operation)!.gas;
  const buys = rows.filter((r) => r.operation.startsWith('buyNft:'));
  const cart = rows.find((r) => r.operation === CART)!;
  const worst = Math.max(...buys.map((r) => r.gas));
  const checks = [
    {
      what: `every buy path < Seaport fulfillBasicOrder (${fmt(SEAPORT_BASIC_ORDER)}): worst`,
      gas: worst,
      ok: worst < SEAPORT_BASIC_ORDER,
      enforced: true,
    },
    {
      what: `common case < ${fmt(COMMON_CASE_CEILING)}`,
      gas: gasOf(COMMON),
      ok: gasOf(COMMON) < COMMON_CASE_CEILING,
      enforced: true,
    },
    {
      what: `${CART} <= ${CART_MAX_RATIO} x the singles (ratio ${cart.ratio.toFixed(3)})`,
      gas: cart.gas,
      ok: cart.ratio <= CART_MAX_RATIO,
      enforced: true,
    },
    ...TARGETS.map((t) => ({
      what: `${t.operation} <= ${fmt(t.max)}`,
      gas: gasOf(t.operation),
      ok: gasOf(t.operation) <= t.max,
      enforced: t.enforced,
    })),
  ];
  for (const c of checks)
    console.log(`${c.what}: ${fmt(c.gas)} ${c.ok ? 'OK' : c.enforced ? 'FAILED' : 'not met (see README)'}`);
  failed = checks.some((c) => c.enforced && !c.ok);

  const sizes: Record<string, number> = {};
  for (const [name, address] of Object.entries({
    Att: d.att,
    Items: d.items,
    Market: d.market,
    MarketAuctions: d.marketAuctions!,
    MarketCollectionOffers: d.marketCollectionOffers!,
  })) {
    sizes[name] = (((await f.pub.getCode({ address })) ?? '0x').length - 2) / 2;
  }
  console.log(
    `Runtime sizes (limit 22,118 bytes): ${Object.entries(sizes)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), 'gas-snapshot.json');
  writeFileSync(out, `${JSON.stringify({ rows, sizes }, null, 2)}\n`);
  console.log(`snapshot written to ${out}`);
} finally {
  await f.stop();
}
if (failed) process.exit(1);
