/**
 * The alert socket (spec 1, section 4): after login connect to ws(s)://<host> + ALERT_SOCKET_PATH, send
 * {channel: address, id, ticket} on open (the server lets only the member's own ticket listen), with `after`: the id
 * of the last alert heard, so a reconnect gets what it missed, once and in order. Every 120 s ping with a single
 * space, or reconnect when the previous ping got no reply. A reply with status 0 or -3 marks the socket healthy;
 * any other status disconnects it, and a refused ticket (its returnCode as the status) ends the reconnecting: the
 * session is over, which the login's ticket check handles. A correction (a reorg undid an alert already sent) comes
 * as an alert of its own, with the id of the one it takes back.
 *
 * Watching items: `watch(ids)` tells the server which items' public events this page wants
 * (`{watch}`, sent after the subscription on every open); an event (`{event: 'item'}`) calls `onItemEvent`. With
 * nothing signed in the socket still opens while something is watched, without a channel (a visitor's item page
 * hears new bids too); a logout keeps it open that way.
 */
import {
  ALERT_PING,
  ALERT_SOCKET_PATH,
  ALERT_WATCH_MAX,
  AlertStatus,
  INTERVALS,
  ITEM_EVENT,
  alertMessageSchema,
  isAlertType,
  ReturnCode,
  type AlertAboutData,
  type AlertSocketMessage,
} from '@att/shared';

/** The statuses of a refused ticket: the socket does not try again with it. */
const TICKET_REFUSALS = new Set<number>([
  ReturnCode.NoTicket,
  ReturnCode.TicketExpired,
  ReturnCode.TicketValidationFailed,
  ReturnCode.AccountBlocked,
  ReturnCode.AccountDeleted,
]);

/** `WebSocket.OPEN`. */
const SOCKET_OPEN = 1;

export interface AlertSocketOptions {
  url?: string;
  /** An alert heard; `retracts` is a correction's (AlertType.Correction): the id of the alert it takes back. */
  onAlert: (message: { type: number; id?: string } & AlertAboutData) => void;
  /** A watched item's public event: its page reads the item again. */
  onItemEvent?: (productIdx: number) => void;
  /** A socket opened after an earlier one: item events sent in between were missed, a reader reads again. */
  onReconnect?: () => void;
  createSocket?: (url: string) => WebSocket;
  healthCheckMs?: number;
}

export function alertSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${ALERT_SOCKET_PATH}`;
}

export class AlertSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private awaitingReply = false;
  private address: string | null = null;
  private session: { id: string; ticket: string } | null = null;
  /** The id of the last alert heard (kept across reconnects of one session). */
  private last: string | null = null;
  private refused = false;
  /** Whether a socket of this object was opened before (the next open is a reconnect). */
  private opened = false;
  /** The items whose public events are wanted (kept across reconnects, sign-in and logout). */
  private watched: number[] = [];
  healthy = false;

  constructor(private readonly options: AlertSocketOptions) {}

  connect(address: string, session: { id: string; ticket: string }) {
    this.reset();
    this.address = address;
    this.session = session;
    this.open();
  }

  /** Replaces the watched items (at most ALERT_WATCH_MAX); with none and nobody signed in, the socket closes. */
  watch(productIdxs: readonly number[]) {
    this.watched = [...new Set(productIdxs)].slice(0, ALERT_WATCH_MAX);
    if (!this.session) {
      if (this.watched.length === 0) return this.reset();
      if (!this.socket) return this.open();
    }
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify({ watch: this.watched }));
  }

  private open() {
    const signedIn = this.address !== null && this.session !== null;
    if (this.refused || (!signedIn && this.watched.length === 0)) return;
    this.timer ??= setInterval(() => this.healthCheck(), this.options.healthCheckMs ?? INTERVALS.alertHealthCheckMs);
    const url = this.options.url ?? alertSocketUrl();
    let ws: WebSocket;
    try {
      ws = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch (err) {
      console.error('[alerts] cannot open the socket', err);
      return;
    }
    this.socket = ws;
    this.awaitingReply = false;
    const channel = this.address;
    const session = this.session;
    ws.onopen = () => {
      if (channel && session)
        ws.send(
          JSON.stringify({
            channel,
            id: session.id,
            ticket: session.ticket,
            ...(this.last ? { after: this.last } : {}),
          }),
        );
      if (this.watched.length > 0) ws.send(JSON.stringify({ watch: this.watched }));
      if (this.opened) this.options.onReconnect?.();
      this.opened = true;
    };
    ws.onmessage = (e: MessageEvent) => this.onMessage(e.data);
    ws.onerror = () => {
      this.healthy = false;
    };
    ws.onclose = () => {
      if (this.socket === ws) this.healthy = false;
    };
  }

  private onMessage(raw: unknown) {
    this.awaitingReply = false;
    let parsed: AlertSocketMessage;
    try {
      parsed = alertMessageSchema.parse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    if (parsed.event === ITEM_EVENT) {
      const productIdx = parsed.data?.productIdx;
      if (productIdx !== undefined && this.watched.includes(productIdx)) this.options.onItemEvent?.(productIdx);
      return;
    }
    if (parsed.type !== undefined && isAlertType(parsed.type)) {
      if (parsed.id !== undefined) {
        // Each alert once: a replay that overlaps what this socket already showed is skipped.
        if (this.last !== null && BigInt(parsed.id) <= BigInt(this.last)) return;
        this.last = parsed.id;
      }
      this.options.onAlert({
        type: parsed.type,
        id: parsed.id,
        productIdx: parsed.data?.productIdx,
        inquiryIdx: parsed.data?.inquiryIdx,
        retracts: parsed.data?.retracts,
        itemName: parsed.data?.itemName,
        topBid: parsed.data?.topBid,
        floorMove: parsed.data?.floorMove,
      });
      return;
    }
    if (parsed.status === AlertStatus.Ok || parsed.status === AlertStatus.NoChannel) {
      this.healthy = true;
    } else if (parsed.status !== undefined) {
      this.healthy = false;
      if (TICKET_REFUSALS.has(parsed.status)) this.refused = true;
      this.socket?.close();
    }
  }

  private healthCheck() {
    const ws = this.socket;
    if (!ws || this.awaitingReply || ws.readyState !== SOCKET_OPEN) {
      this.reopen();
      return;
    }
    this.awaitingReply = true;
    ws.send(ALERT_PING);
  }

  private reopen() {
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.onclose = null;
      old.close();
    }
    this.open();
  }

  /** Logout: the member's subscription ends; a page still watching items keeps a socket without a channel. */
  close() {
    this.reset();
    if (this.watched.length > 0) this.open();
  }

  private reset() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ws = this.socket;
    this.socket = null;
    this.address = null;
    this.session = null;
    this.last = null;
    this.refused = false;
    this.awaitingReply = false;
    this.healthy = false;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
    }
  }
}
