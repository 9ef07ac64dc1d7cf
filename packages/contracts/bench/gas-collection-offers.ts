/**
 * The gas bench's collection offer rows: make (ATT into escrow), accept (any item; an item of a 1,000-id criteria
 * root with its proof) and the buyer's cancel, each beside the bare transfers it performs (`BareTransfers`: the
 * pull into escrow; three payouts from escrow and the piece; the refund). As the buy rows measure a later fill,
 * each is measured after one of its kind (its single-use id's bitmap word already written, as 255 of every 256
 * sequential ids find it).
 */
import { parseEther, type Abi, type Address } from 'viem';
import { criteriaTree } from '../src/merkle';
import { bareTransfersAbi } from '../test/generated/test-contracts';
import { ROLE, itemOf, type Fixture } from '../test/helpers';
import type { Measure } from './gas-targets';

export const MAKE_COLLECTION_OFFER = 'makeCollectionOffer: 3 pieces, ATT into escrow';
export const ACCEPT_COLLECTION_OFFER = 'acceptCollectionOffer: any item, minted piece, ATT escrow, fee + royalty';
export const ACCEPT_COLLECTION_OFFER_CRITERIA =
  'acceptCollectionOffer: criteria root of 1,000 ids (10-node proof), as above';
export const CANCEL_COLLECTION_OFFER = "cancelCollectionOffer: the buyer takes one piece's worth back, ATT";

/** The bare accept of an offer of one piece at `price`: escrow pays seller, fee (2.5%) and royalty (5%), the piece moves. */
export function offerPayout(f: Fixture, bare: Address, price: bigint) {
  const { addr, d } = f;
  return f.send(ROLE.seller, bare, bareTransfersAbi as Abi, 'offerPayout', [
    d.att,
    d.items,
    addr[ROLE.buyer]!,
    addr[ROLE.feeReceiver]!,
    addr[ROLE.author]!,
    f.ITEM,
    1n,
    price - (price * 750n) / 10_000n,
    (price * 250n) / 10_000n,
    (price * 500n) / 10_000n,
  ]);
}

export async function collectionOfferRows(f: Fixture, measure: Measure, bare: Address) {
  const { addr, d } = f;
  const [buyer, author] = [addr[ROLE.buyer]!, addr[ROLE.author]!];
  const bareCall = (who: number, fn: string, args: readonly unknown[]) =>
    f.send(who, bare, bareTransfersAbi as Abi, fn, args);
  const price = parseEther('5');
  const tree = criteriaTree([f.ITEM, ...Array.from({ length: 999 }, (_, i) => itemOf(author, 1000n + BigInt(i)))]);
  const make = async (criteria?: `0x${string}`) => {
    const p = await f.collectionOfferParams({ amount: 3n, pricePerOne: price, ...(criteria ? { criteria } : {}) });
    await f.market(ROLE.buyer, 'makeCollectionOffer', [p, await f.sign('CollectionOffer', p)]);
    // One accept first: the accept's bitmap word is written, as for 255 of every 256 ids.
    const first = await f.collectionAcceptParams({ offerId: p.id });
    const proof = criteria ? tree.proof(f.ITEM)! : [];
    await f.market(ROLE.seller, 'acceptCollectionOffer', [first, proof, await f.sign('CollectionAccept', first)]);
    // The baseline pays out of its own escrow, as the Market does.
    await f.att(ROLE.other, 'transfer', [bare, 3n * price]);
    return p.id;
  };
  const payout = () => offerPayout(f, bare, price);

  await measure(
    MAKE_COLLECTION_OFFER,
    async () => {
      await make();
    },
    async () => {
      const p = await f.collectionOfferParams({ amount: 3n, pricePerOne: price });
      return f.market(ROLE.buyer, 'makeCollectionOffer', [p, await f.sign('CollectionOffer', p)]);
    },
    () => bareCall(ROLE.buyer, 'bidPull', [d.att, 3n * price]),
  );

  let offerId = 0n;
  await measure(
    ACCEPT_COLLECTION_OFFER,
    async () => {
      offerId = await make();
    },
    async () => {
      const a = await f.collectionAcceptParams({ offerId });
      return f.market(ROLE.seller, 'acceptCollectionOffer', [a, [], await f.sign('CollectionAccept', a)]);
    },
    payout,
  );

  await measure(
    ACCEPT_COLLECTION_OFFER_CRITERIA,
    async () => {
      offerId = await make(tree.root);
    },
    async () => {
      const a = await f.collectionAcceptParams({ offerId });
      const proof = tree.proof(f.ITEM)!;
      return f.market(ROLE.seller, 'acceptCollectionOffer', [a, proof, await f.sign('CollectionAccept', a)]);
    },
    payout,
  );

  await measure(
    CANCEL_COLLECTION_OFFER,
    async () => {
      offerId = await make();
    },
    () => f.market(ROLE.buyer, 'cancelCollectionOffer', [offerId, 1n]),
    () => bareCall(ROLE.other, 'refund', [d.att, buyer, price]),
  );
}
