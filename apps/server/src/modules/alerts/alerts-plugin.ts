/**
 * Alert fan-out. Sockets subscribe to their wallet address with the ticket they were let in with;
 * `app.alerts.publish(address, msg)` delivers to every socket of that address, and `endSessions` closes the sockets
 * of ended sessions: in-process, or through Redis pub/sub (REDIS_URL, on the channel `REDIS_PREFIX:alerts` that
 * the marketplace's instances share) so any instance reaches any socket. Sockets may also watch items
 * (`alerts.watch`): an item's public event reaches them from the database's notification at the commit that wrote
 * it, on every instance (no Redis needed: every instance listens on the database).
 */
import {
  ITEM_EVENT,
  type AlertAboutData,
  type AlertFloorMove,
  type AlertTopBid,
  type AlertTypeValue,
} from '@att/shared';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { repositoryOf } from '../../platform/db/repository';
import { listen } from '../../platform/db/notify';
import { within } from '../../platform/observability/within';
import { lastNumber, numberedAfter, type NumberedAlert } from './catch-up-repository';
import { alertsJobs, DISPATCH_JOB } from './jobs';
import { ALERTS_WAKE_CHANNEL, createOutboxRepository, ITEM_EVENTS_CHANNEL } from './outbox-repository';
import { redisFanout, type FanoutWire } from './redis-fanout';

/** While an instance's Redis subscriber is away, its sockets get the alerts from the outbox this often. */
export const FANOUT_CATCH_UP_EVERY_MS = 1000;
export const FANOUT_CATCH_UP_JOB = 'alerts.fanout-catch-up';

const outbox = repositoryOf(createOutboxRepository);
/** How long a metrics scrape waits for the database. */
const SCRAPE_WAIT_MS = 500;

export type AlertType = AlertTypeValue;
export interface AlertMessage {
  /** The alert's place in the send order (its outbox `dispatch_seq`): the cursor a reconnect replays from. */
  id: string;
  type: AlertType;
  status: 0;
  /** `retracts`: a correction's, the id of the alert it takes back. */
  data: AlertAboutData;
}

/** What a subscriber needs: something with send() that can be closed. */
export interface AlertSocket {
  /** `data` is `msg` as JSON, made once for all the address's sockets. */
  send(data: string, msg: AlertMessage): void;
  close(code?: number, reason?: string): void;
}

/** Which of an address's sockets a session end closes: those of one ticket, or all but one ticket's. */
export type SessionEnd = { ticket: string } | { except: string };

export interface Alerts {
  /** Delivers the address's alerts to `socket`, which holds `ticket` (closed when that session ends). */
  subscribe(address: string, socket: AlertSocket, ticket: string): () => void;
  publish(address: string, msg: { id: string; type: AlertType } & AlertAbout): Promise<void>;
  /** Closes the sockets of ended sessions (a logout, the other sessions revoked) on every instance. */
  endSessions(address: string, end: SessionEnd): Promise<void>;
  /** Sockets per address, for tests and metrics. */
  count(address: string): number;
  /** Replaces the items whose public events `socket` hears (`[]`: none; a closing socket must pass `[]`). */
  watch(socket: ItemWatcher, items: readonly number[]): void;
  /** Sockets watching the item, for tests. */
  watcherCount(productIdx: number): number;
}

/** A socket watching items: it is sent each event's JSON. */
export interface ItemWatcher {
  send(data: string): void;
}

/** What an alert is about, as the outbox reads it (null: none). */
export interface AlertAbout {
  productIdx?: number | null;
  inquiryIdx?: number | null;
  retracts?: string | null;
  itemName?: string | null;
  topBid?: AlertTopBid | null;
  floorMove?: AlertFloorMove | null;
}

/**
 * An alert message's data: its item (or inquiry) and the item's name, for a correction the id of the alert it takes
 * back, for an outbid alert the new top bid, for a floor alert the collection's move (nothing else).
 */
export function alertData(a: AlertAbout): AlertMessage['data'] {
  const { productIdx, inquiryIdx, retracts, itemName, topBid, floorMove } = a;
  const about: AlertMessage['data'] =
    inquiryIdx === null || inquiryIdx === undefined
      ? { productIdx: productIdx ?? undefined, ...(itemName ? { itemName } : {}) }
      : { inquiryIdx };
  if (retracts !== null && retracts !== undefined) about.retracts = retracts;
  if (topBid) about.topBid = topBid;
  if (floorMove) return { floorMove };
  return about;
}

/** A numbered alert as its socket message (a replay's or a catch-up's). */
export const sentMessage = (a: NumberedAlert): AlertMessage => ({
  id: a.seq,
  type: a.type,
  status: 0,
  data: alertData(a),
});

/** Close code of a socket whose session ended (policy violation). */
const SESSION_ENDED = 1008;

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

export default fp(
  async (app) => {
    const sockets = new Map<string, Map<AlertSocket, string>>();
    const deliver = (address: string, msg: AlertMessage) => {
      const text = JSON.stringify(msg);
      for (const s of sockets.get(address)?.keys() ?? []) {
        try {
          s.send(text, msg);
        } catch (err) {
          app.log.warn({ err }, 'alert delivery failed');
        }
      }
    };
    /** The sockets watching each item, and the items each socket watches (replaced as a whole by `watch`). */
    const watchers = new Map<number, Set<ItemWatcher>>();
    const watching = new Map<ItemWatcher, readonly number[]>();
    const tellWatchers = (productIdx: number) => {
      const held = watchers.get(productIdx);
      if (!held) return;
      const text = JSON.stringify({ event: ITEM_EVENT, status: 0, data: { productIdx } });
      for (const w of held) {
        try {
          w.send(text);
        } catch (err) {
          app.log.warn({ err }, 'item event delivery failed');
        }
      }
    };
    const end = (address: string, e: SessionEnd) => {
      for (const [s, ticket] of sockets.get(address) ?? []) {
        if ('ticket' in e ? ticket === e.ticket : ticket !== e.except) s.close(SESSION_ENDED, 'session ended');
      }
    };
    type Wire = FanoutWire<AlertMessage, SessionEnd>;
    const receive = (w: Wire) => ('end' in w ? end(w.address, w.end) : deliver(w.address, w.msg));

    const channel = app.config.redisAlertsChannel;
    const fanout = app.config.redisUrl
      ? await redisFanout<AlertMessage, SessionEnd>({
          url: app.config.redisUrl,
          channel,
          receive,
          toMessage: sentMessage,
          readAfter: (after, limit) => numberedAfter(app.db, after, limit),
          lastNumber: () => lastNumber(app.db),
          log: app.log,
        })
      : undefined;
    if (fanout) {
      app.addHook('onClose', async () => fanout.close());
      app.health.addCheck('redis', () => fanout.check(), { kind: 'dependency' });
      app.jobs.register({
        name: FANOUT_CATCH_UP_JOB,
        everyMs: FANOUT_CATCH_UP_EVERY_MS,
        leaderOnly: false,
        run: () => fanout.catchUp(),
      });
    }
    const send = (w: Wire) => (fanout ? fanout.publish(w) : Promise.resolve(receive(w)));

    const alerts: Alerts = {
      subscribe(address, socket, ticket) {
        const key = address.toLowerCase();
        let held = sockets.get(key);
        if (!held) sockets.set(key, (held = new Map()));
        held.set(socket, ticket);
        return () => {
          held.delete(socket);
          if (held.size === 0 && sockets.get(key) === held) sockets.delete(key);
        };
      },
      async publish(address, { id, type, ...about }) {
        const key = address.toLowerCase();
        const data = alertData(about);
        await send({ address: key, msg: { id, type, status: 0, data } });
      },
      async endSessions(address, e) {
        await send({ address: address.toLowerCase(), end: e });
      },
      count: (address) => sockets.get(address.toLowerCase())?.size ?? 0,
      watch(socket, items) {
        for (const p of watching.get(socket) ?? []) {
          const held = watchers.get(p);
          held?.delete(socket);
          if (held?.size === 0) watchers.delete(p);
        }
        const unique = [...new Set(items)];
        if (unique.length === 0) watching.delete(socket);
        else watching.set(socket, unique);
        for (const p of unique) {
          let held = watchers.get(p);
          if (!held) watchers.set(p, (held = new Set()));
          held.add(socket);
        }
      },
      watcherCount: (productIdx) => watchers.get(productIdx)?.size ?? 0,
    };
    app.decorate('alerts', alerts);
    for (const job of alertsJobs(app)) app.jobs.register(job);
    // A transaction that wrote alerts notifies at its commit (outbox-repository.ts), on whichever instance it ran: the
    // dispatcher (the leader's) runs at once instead of at its next poll, which stays as the fallback.
    const unlisten = await listen(
      app.db,
      ALERTS_WAKE_CHANNEL,
      () => app.jobs.wake(DISPATCH_JOB),
      (err) => app.log.warn({ err }, 'alerts: the wake-up listener lost its connection'),
    );
    app.addHook('onClose', async () => unlisten());
    // Items' public events: a transaction that wrote an item's trade history notifies its id at commit, to every
    // instance's listener (trading's history writer); each instance tells the sockets it holds that watch the item.
    const unlistenItems = await listen(
      app.db,
      ITEM_EVENTS_CHANNEL,
      (payload) => {
        const productIdx = Number(payload);
        if (Number.isSafeInteger(productIdx) && productIdx > 0) tellWatchers(productIdx);
      },
      (err) => app.log.warn({ err }, 'alerts: the item events listener lost its connection'),
    );
    app.addHook('onClose', async () => unlistenItems());

    // The outbox as a scrape sees it: how many committed alerts wait for the dispatcher, and for how long.
    // A scrape waits for the database at most SCRAPE_WAIT_MS: while it is down the backlog is NaN (unknown).
    let backlog: Promise<{ count: number; oldestSeconds: number } | undefined> | undefined;
    const read = () =>
      (backlog ??= within(outbox(app.db).backlog(), SCRAPE_WAIT_MS).finally(() =>
        setImmediate(() => (backlog = undefined)),
      ));
    new Gauge({
      name: 'att_outbox_backlog',
      help: 'Alerts committed and not yet dispatched (table alerts, dispatched_at IS NULL)',
      registers: [app.metrics.registry],
      async collect() {
        this.set((await read())?.count ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'att_outbox_oldest_seconds',
      help: 'Age of the oldest undispatched alert in seconds (0 when none wait)',
      registers: [app.metrics.registry],
      async collect() {
        this.set((await read())?.oldestSeconds ?? Number.NaN);
      },
    });
  },
  { name: 'alerts', dependencies: ['app-config', 'db', 'jobs', 'metrics', 'health'] },
);
