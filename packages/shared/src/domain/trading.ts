/**
 * The order book's states (spec 3 sections 3-4). Each is stored as its number; these names are the only place a
 * number gets its meaning.
 */

/** saleType: 1 fixed price, 2 English auction. */
export const SaleType = { Fixed: 1, Auction: 2 } as const;
export type SaleTypeValue = (typeof SaleType)[keyof typeof SaleType];

/** A listing (`listings.state`): live, every piece sold, withdrawn (by the seller, on chain or by a counter), expired. */
export const ListingState = { Live: 1, SoldOut: 2, Cancelled: 3, Expired: 4 } as const;
export type ListingStateValue = (typeof ListingState)[keyof typeof ListingState];

/**
 * A buyer's hold on a listing's pieces (`reservations.state`): open, settled by a mined Buy, released because its
 * listing ended, or lapsed (its deadline passed unused: counted against the buyer, see RESERVATION_LIMITS).
 */
export const ReservationState = { Open: 1, Settled: 2, Released: 3, Lapsed: 4 } as const;
export type ReservationStateValue = (typeof ReservationState)[keyof typeof ReservationState];

/**
 * What one member may hold reserved (`/nft/instance/purchase`), so that holding pieces away from other buyers costs
 * something. A real buyer has one or two purchases in flight at a time (a collector buying a series settles each
 * in seconds) and lets few lapse; a hoarder who reserves whole listings again and again meets these limits and is
 * answered 108 (ApiLimited: this member's use is limited for a while, whatever the listing).
 */
/** Listings in one cart call (`/nft/cart/purchase`, one `buyNfts` of the Market) and in one floor sweep. */
export const CART_MAX_LISTINGS = 50;

export const RESERVATION_LIMITS = {
  /** Listings a member may hold open reservations on at once: a full cart (CART_MAX_LISTINGS). */
  openListings: 50,
  /** Pieces a member may hold reserved at once, over all listings. */
  openPieces: 100,
  /** After a reservation of a listing lapses, the same member may not reserve that listing again for this long. */
  relistCooldownSeconds: 600,
  /** Lapsed reservations within `lapsedWindowSeconds` after which the member may reserve nothing until they age out. */
  lapsedMax: 10,
  lapsedWindowSeconds: 3600,
} as const;

/**
 * What one member may hold accepted and not yet sent (`/nft/offer/accept`), as RESERVATION_LIMITS do for purchases:
 * an accept holds part of an offer away from every other holder until its deadline, so one left unsent costs
 * something. A real seller sends an accept within seconds (asking again for the same amount gets the same accept
 * back); a holder who accepts again and again without sending meets these and is answered 108.
 */
export const ACCEPT_LIMITS = {
  /** Offers a member may hold open accepts on at once. */
  openOffers: 10,
  /** After an accept of an offer lapses unsent, the same member may not accept that offer again for this long. */
  relapseCooldownSeconds: 600,
  /** Accepts let lapse within `lapsedWindowSeconds` after which the member may accept nothing until they age out. */
  lapsedMax: 5,
  lapsedWindowSeconds: 3600,
} as const;

/**
 * An English auction (`auctions.state`): signed by the validator and handed to the seller (not on chain yet),
 * registered on chain (live, taking bids), cancelled by its seller (every live bid refunded), ended (settled, or
 * returned unsold), voided (the collection refused the winner the piece past the settlement grace: winning bid
 * refunded), or lapsed (its signature expired unused).
 */
export const AuctionState = { Signed: 0, Active: 1, Cancelled: 2, Ended: 3, Voided: 4, Lapsed: 5 } as const;
export type AuctionStateValue = (typeof AuctionState)[keyof typeof AuctionState];

/** A validator-signed transfer (`transfer_permits.state`): open, used on chain, expired unused. */
export const PermitState = { Open: 1, Used: 2, Expired: 3 } as const;
export type PermitStateValue = (typeof PermitState)[keyof typeof PermitState];

/**
 * A bid (spec 3 "Bid"): 0 active, 1 canceled (outbid bids refunded at the end or the auction cancelled), 2 withdrawn
 * by its bidder, 3 won. The spec lists 0-2 only, yet says "no bid can be cancelled after it has won": a settled
 * auction's winning bid was paid to the seller and is no longer active (nothing to withdraw), so it has its own
 * state, set when the indexer applies the auction's end.
 */
export const BidState = { Active: 0, Canceled: 1, DirectCancel: 2, Won: 3 } as const;
export type BidStateValue = (typeof BidState)[keyof typeof BidState];

/** An offer (spec 3 section 3): 0 pending, 1 expired, 2 valid, 3 cancelled, 4 acquired (fully accepted), 5 item deleted. */
export const OfferState = { Pending: 0, Expired: 1, Valid: 2, Cancelled: 3, Acquired: 4, ItemDeleted: 5 } as const;
export type OfferStateValue = (typeof OfferState)[keyof typeof OfferState];
/** Offers whose escrow is live on chain: the offerer may cancel them, nobody may delete them from a list. */
export const LIVE_OFFER_STATES: readonly OfferStateValue[] = [OfferState.Valid, OfferState.ItemDeleted];

/**
 * A validator-signed `Accept` of an offer (`offer_accepts.state`): open (the seller's pieces and the offer's pieces
 * held until it is used or its deadline passes), used on chain, expired unused.
 */
export const OfferAcceptState = { Open: 1, Used: 2, Expired: 3 } as const;
export type OfferAcceptStateValue = (typeof OfferAcceptState)[keyof typeof OfferAcceptState];

/** The periods a member chooses for an offer, in days (the popup's choices), and the one chosen at first. */
export const OFFER_DURATION_DAYS = [1, 3, 7, 14, 30] as const;
export type OfferDurationDays = (typeof OFFER_DURATION_DAYS)[number];
export const OFFER_DEFAULT_DAYS: OfferDurationDays = 7;
/** An offer's period when the request names none (7 days), and the longest (30 days): a longer one is refused. */
export const OFFER_DEFAULT_MINUTES = OFFER_DEFAULT_DAYS * 24 * 60;
export const OFFER_MAX_MINUTES = 30 * 24 * 60;

/** Validator-signed single-use ids on the Market (`isIdUsed(kind, id)`), one space per kind. */
export const MarketIdKind = { Buy: 1, Auction: 2, Offer: 3, Accept: 4, Transfer: 5 } as const;
export type MarketIdKindValue = (typeof MarketIdKind)[keyof typeof MarketIdKind];

/**
 * How long past an auction's end (by the chain's latest block time) the keeper has it to itself: after this, any
 * signed-in member is offered "경매 정산하기" (Settle auction) on the item page and may send `endAuction` from
 * their own wallet (the Market lets anyone), so a keeper that is down or unfunded delays no settlement for long.
 */
export const AUCTION_SETTLE_GRACE_SECONDS = 60;

/**
 * The member's own orders whose settlement the web waits for (`/nft/order/state`): a purchase (by its reservation
 * id), a bid (by the hash of the transaction that placed it), an offer (by its id) and an accept (by its id).
 */
export const OrderKind = { Purchase: 'purchase', Bid: 'bid', Offer: 'offer', Accept: 'accept' } as const;
export type OrderKindValue = (typeof OrderKind)[keyof typeof OrderKind];
export const ORDER_KINDS = Object.values(OrderKind) as [OrderKindValue, ...OrderKindValue[]];

/**
 * Where an order stands in the order book: pending (the indexer has not applied its transaction yet), settled (its
 * row says the chain took it: the reservation sold, the bid in the book, the offer escrowed, the accept used), or
 * lapsed (it ended without the chain taking it: released, expired).
 */
export const OrderProgress = { Pending: 'pending', Settled: 'settled', Lapsed: 'lapsed' } as const;
export type OrderProgressValue = (typeof OrderProgress)[keyof typeof OrderProgress];
