/**
 * Real-time alerts (spec 1 "Floating alert", "Alert socket", notification settings): the alert types, each tied to
 * the member flag that turns it on and its mail template; the socket's path and its messages. Server and web
 * read every one of these from here (a completeness test checks each type has its flag, template and texts).
 */
import { z } from 'zod';
import { TOKEN_SYMBOLS } from './tokens';

/**
 * Alert types 1-6 of the floating alert (`data.productIdx`); 7 an inquiry was answered (`data.inquiryIdx`, ours);
 * 8 a correction (ours): a reorg undid the chain event of an alert already sent, whose id is `data.retracts`;
 * 9 and 10 (ours) tell bidders what the spec's type 2 cannot: its words are the seller's ("a new bid on your item"),
 * wrong for a bidder. The spec's six types keep their numbers and meaning for the spec's clients; a client that
 * knows only those ignores 9 and 10 (they are under the same member flag as type 2, flagBid).
 */
export const AlertType = {
  /** A member's listing or auction sold (to the seller). */
  ItemSold: 1,
  /** A bid on the member's auction (to the seller). */
  Bid: 2,
  /** The member's offer was accepted (to the offerer). */
  OfferAccepted: 3,
  /** The member's listing or auction ended unsold (to the seller). */
  SaleExpired: 4,
  /** The member's offer is no longer the best one (to the previous best offerer). */
  OverOffer: 5,
  /** An offer at or above the member's minimum offer price arrived (to the holder). */
  MinOffer: 6,
  /** An operator answered the member's 1:1 inquiry. */
  InquiryAnswered: 7,
  /**
   * A reorg undid the chain event of an alert the member was already sent (`data.retracts`: that alert's id,
   * `data.productIdx`: its item): the client takes that alert back and reads the item again. Sent to whoever got
   * the alert, whatever their flags now; never shown as an alert of its own, nor listed.
   */
  Correction: 8,
  /** The member's bid is no longer the top one (to the previous top bidder): the new top bid, and a way to bid again. */
  Outbid: 9,
  /** The member won an auction (to the winner, at its settlement): the piece, or its claim when the Market holds it. */
  AuctionWon: 10,
  /**
   * A followed collection's floor in a coin moved past the member's threshold (ours, the watchlist's alert;
   * `data.floorMove`): about a collection, not an item.
   */
  FloorMove: 11,
} as const;
export type AlertTypeValue = (typeof AlertType)[keyof typeof AlertType];
export const ALERT_TYPES = Object.values(AlertType) as readonly AlertTypeValue[];
/** The item alerts of the floating alert: the spec's 1 to 6, and ours about an item (9, 10). */
export const ITEM_ALERT_TYPES = ALERT_TYPES.filter(
  (t) => t !== AlertType.InquiryAnswered && t !== AlertType.Correction && t !== AlertType.FloorMove,
);
export const isAlertType = (n: unknown): n is AlertTypeValue =>
  typeof n === 'number' && (ALERT_TYPES as readonly number[]).includes(n);

/** The member setting (user info flag) that turns each alert on, and the mail template that tells it by e-mail. */
export const ALERT_KINDS = {
  [AlertType.ItemSold]: { flag: 'flagItemSell', mail: 'alert-item-sold' },
  [AlertType.Bid]: { flag: 'flagBid', mail: 'alert-bid' },
  [AlertType.OfferAccepted]: { flag: 'flagAcceptOffer', mail: 'alert-offer-accepted' },
  [AlertType.SaleExpired]: { flag: 'flagExpiredSell', mail: 'alert-sale-expired' },
  [AlertType.OverOffer]: { flag: 'flagOverOffer', mail: 'alert-over-offer' },
  [AlertType.MinOffer]: { flag: 'flagMinOffer', mail: 'alert-min-offer' },
  [AlertType.InquiryAnswered]: { flag: null, mail: 'alert-inquiry-answered' },
  // Mailed only to a member who was mailed the alert it takes back.
  [AlertType.Correction]: { flag: null, mail: 'alert-correction' },
  [AlertType.Outbid]: { flag: 'flagBid', mail: 'alert-outbid' },
  [AlertType.AuctionWon]: { flag: 'flagBid', mail: 'alert-auction-won' },
  [AlertType.FloorMove]: { flag: 'flagFloorMove', mail: 'alert-floor-move' },
} as const satisfies Record<AlertTypeValue, { flag: AlertFlag | null; mail: string }>;
/** The notification flags of user info (0/1) that gate alerts; flagEmail gates the mail of every alert. */
export const ALERT_FLAGS = [
  'flagItemSell',
  'flagBid',
  'flagAcceptOffer',
  'flagExpiredSell',
  'flagOverOffer',
  'flagMinOffer',
  'flagFloorMove',
] as const;
export type AlertFlag = (typeof ALERT_FLAGS)[number];

/**
 * An outbid alert's new top bid (the bid that outbid the member): integer wei as decimal digits and its token, so
 * the floating alert and the alert list can say it without reading the item again.
 */
export const alertTopBidSchema = z.object({ price: z.string().regex(/^\d{1,78}$/), symbol: z.enum(TOKEN_SYMBOLS) });
export type AlertTopBid = z.infer<typeof alertTopBidSchema>;

/**
 * A floor alert's move (type 11): the collection (its name when the alert was written), the coin, the floor the
 * move is measured from and the new one (integer wei as decimal digits), and the member's threshold in percent.
 */
export const alertFloorMoveSchema = z.object({
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  symbol: z.enum(TOKEN_SYMBOLS),
  from: z.string().regex(/^\d{1,78}$/),
  to: z.string().regex(/^\d{1,78}$/),
  percent: z.number().int().min(1).max(100),
});
export type AlertFloorMove = z.infer<typeof alertFloorMoveSchema>;

/** A floor move as a signed percentage with one decimal, rounded toward zero (e.g. "-12.5%"). */
export function floorMovePercent(m: Pick<AlertFloorMove, 'from' | 'to'>): string {
  const from = BigInt(m.from);
  if (from === 0n) return '';
  const permille = ((BigInt(m.to) - from) * 1000n) / from;
  const abs = permille < 0n ? -permille : permille;
  return `${permille < 0n ? '-' : '+'}${abs / 10n}.${abs % 10n}%`;
}

/** What an alert message's `data` tells beside its type (the typed part of `alertMessageSchema`'s data). */
export interface AlertAboutData {
  productIdx?: number;
  inquiryIdx?: number;
  /** A correction's: the id of the alert it takes back. */
  retracts?: string;
  /** An item alert: the item's name. */
  itemName?: string;
  /** An outbid alert: the new top bid. */
  topBid?: AlertTopBid;
  /** A floor alert: the followed collection's move. */
  floorMove?: AlertFloorMove;
}

/** The alert socket's path (same origin as the API). */
export const ALERT_SOCKET_PATH = '/attnftmarket/ws';
/** The client's keep-alive: a single space. */
export const ALERT_PING = ' ';
/**
 * Reply statuses: 0 healthy (subscribed), -3 healthy before a channel is set, 3 a malformed message. A refused
 * subscription gets the ticket's returnCode (27 no or revoked ticket, 28 expired, 29 another member's or address's,
 * 43 blocked, 44 deleted) and the socket is closed; so is a subscribed socket whose ticket stops being valid.
 */
export const AlertStatus = { Ok: 0, NoChannel: -3, BadMessage: 3 } as const;

/** A cursor: the `id` of the last alert a client saw (decimal digits). */
const cursorSchema = z.string().regex(/^\d{1,18}$/);
/**
 * The client's subscription: its wallet address as the channel, with the member's id and ticket for that address
 * (anyone could listen to any address without them). `after`: the id of the last alert it saw; every alert after
 * it is sent once, in order, before live ones (a reconnect loses nothing).
 */
export const alertSubscribeSchema = z.object({
  channel: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  id: z.string().min(1).max(64),
  ticket: z.string().min(1).max(256),
  after: cursorSchema.optional(),
});
export type AlertSubscribe = z.infer<typeof alertSubscribeSchema>;
/** The most items one socket watches at once (a page watches the item it shows). */
export const ALERT_WATCH_MAX = 10;
/**
 * Watching items (ours, beside the spec's protocol): `{watch: [productIdx, ...]}` replaces the items whose public
 * events the socket hears (none: `[]`). Public data, so a socket may watch with or without a channel (a visitor not
 * signed in too). Answered `{status: 0}`; a malformed one `{status: 3}`, and the socket stays open.
 */
export const alertWatchSchema = z.object({ watch: z.array(z.number().int().positive()).max(ALERT_WATCH_MAX) }).strict();
export type AlertWatch = z.infer<typeof alertWatchSchema>;
/**
 * An item's public event (`event: 'item'`, no `id`: not an alert, not replayed): something on the item's
 * transaction history changed for everyone (a listing, a sale, a bid, an auction's end, an offer, a transfer, or a
 * reorg undid one); the page reads the item again. Sent to the sockets watching `data.productIdx`, at the commit
 * that wrote it, on every instance.
 */
export const ITEM_EVENT = 'item';
/**
 * A message the server sends: a status reply, an alert with its type, item (or inquiry) and `id` (increasing in
 * the order alerts are sent; an outbid alert's `data.topBid` the bid that outbid the member; the cursor a reconnect passes as `after`; a Correction's `data.retracts` is the `id` of
 * the alert it takes back, sent after it with an id of its own), or an item's public event (`event`).
 */
export const alertMessageSchema = z.object({
  event: z.literal(ITEM_EVENT).optional(),
  id: cursorSchema.optional(),
  type: z.number().int().optional(),
  status: z.number().int().optional(),
  data: z
    .object({
      productIdx: z.number().int().optional(),
      inquiryIdx: z.number().int().optional(),
      retracts: cursorSchema.optional(),
      /** An item alert: the item's name (absent when the item is gone). */
      itemName: z.string().optional(),
      /** An outbid alert (type 9): the new top bid. */
      topBid: alertTopBidSchema.optional(),
      /** A floor alert (type 11): the collection's move. */
      floorMove: alertFloorMoveSchema.optional(),
    })
    .passthrough()
    .nullish(),
});
export type AlertSocketMessage = z.infer<typeof alertMessageSchema>;
