/**
 * The gas bench's auction rows: an outbidding bid, a settlement and the seller's cancel of a full bid book, each
 * beside the bare transfers it performs (`BareTransfers`: the pull of the bid; the piece and three payouts from
 * escrow; the piece and twenty refunds).
 */
import { parseEther, type Abi, type Address, type Hex } from 'viem';
import { marketAbi } from '../src/generated/contracts';
import { bareTransfersAbi } from '../test/generated/test-contracts';
import { KLAY, ROLE, type Fixture } from '../test/helpers';
import { CANCEL_AUCTION, END_AUCTION, PLACE_BID, type Measure } from './gas-targets';

const FIRST_BIDDER = 0x1000n;

export async function auctionRows(f: Fixture, measure: Measure, bare: Address) {
  const { addr, d } = f;
  const bareCall = (who: number, fn: string, args: readonly unknown[], value?: bigint) =>
    f.send(who, bare, bareTransfersAbi as Abi, fn, args, value);
  const register = async (token: Address) => {
    const p = await f.auctionParams({ token });
    await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
    return p.id;
  };
  /** The bare contract holds a piece and `klay` in escrow, as the Market does. */
  const fundBare = async (klay: bigint) => {
    await f.mintTo(bare, f.ITEM, 1n);
    await f.wallets[ROLE.buyer]!.sendTransaction({
      to: bare,
      value: klay,
      chain: f.chain,
      account: f.accounts[ROLE.buyer]!,
    }).then((h: Hex) => f.wait(h));
  };

  let id = 0n;
  await measure(
    PLACE_BID,
    async () => {
      id = await register(d.att);
      await f.market(ROLE.bidder, 'placeBid', [id, parseEther('1')]);
    },
    () => f.market(ROLE.other, 'placeBid', [id, parseEther('1.05')]),
    () => bareCall(ROLE.other, 'bidPull', [d.att, parseEther('1.05')]),
  );

  const price = parseEther('2');
  const [fee, royalty] = [(price * 250n) / 10_000n, (price * 500n) / 10_000n];
  await measure(
    END_AUCTION,
    async () => {
      id = await register(KLAY);
      await f.market(ROLE.other, 'placeBid', [id, price], price);
      await f.setNextTime((await f.now()) + 86_401n);
      await fundBare(price);
    },
    () => f.market(ROLE.buyer, 'endAuction', [id]),
    () =>
      bareCall(ROLE.buyer, 'settleKlay', [
        d.items,
        addr[ROLE.other],
        f.ITEM,
        addr[ROLE.seller],
        addr[ROLE.feeReceiver],
        addr[ROLE.author],
        price - fee - royalty,
        fee,
        royalty,
      ]),
  );

  await measure(
    CANCEL_AUCTION,
    async () => {
      id = await register(KLAY);
      let amount = parseEther('1');
      for (let i = 0n; i < 20n; i++) {
        const bidder = `0x${(FIRST_BIDDER + i).toString(16).padStart(40, '0')}` as Address;
        await f.testClient.impersonateAccount({ address: bidder });
        await f.testClient.setBalance({ address: bidder, value: parseEther('1000') });
        const hash = await f.wallets[0]!.writeContract({
          address: d.market,
          abi: marketAbi,
          functionName: 'placeBid',
          args: [id, amount],
          value: amount,
          chain: f.chain,
          account: bidder,
        });
        await f.wait(hash);
        amount = (amount * 106n) / 100n;
      }
      await fundBare(20n * parseEther('1'));
    },
    () => f.market(ROLE.seller, 'cancelAuction', [id]),
    () => bareCall(ROLE.seller, 'refundKlay', [d.items, addr[ROLE.seller], f.ITEM, FIRST_BIDDER, 20n, parseEther('1')]),
  );
}
