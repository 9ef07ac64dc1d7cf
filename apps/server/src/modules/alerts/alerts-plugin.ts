/**
 * Alert fan-out. Sockets subscribe to their wallet address with the ticket they were let in with;
 * `app.alerts.publish(address, msg)` delivers to every socket of that address, and `endSessions` closes the sockets
 * of ended sessions: in-process, or through Redis pub/sub (REDIS_URL, on the channel REDIS_ALERTS_CHANNEL that
 * the marketplace's instances share) so any instance reaches any socket. Sockets may also watch items
 * (`alerts.watch`): an item's public event reaches them from the database's notification at the commit that wrote
 * it, on every instance (no Redis needed: every instance listens on the database).
 */
import { ITEM_EVENT, type AlertTypeValue } from '@att/shared';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { repositoryOf } from '../../platform/db/repository';
import { listen } from '../../platform/db/notify';
import { alertsJobs, DISPATCH_JOB } from './jobs';
import { ALERTS_WAKE_CHANNEL, createOutboxRepository, ITEM_EVENTS_CHANNEL } from './outbox-repository';

const outbox = repositoryOf(createOutboxRepository);

export type AlertType = AlertTypeValue;
export interface AlertMessage {
  /** The alert's place in the send order (its outbox `dispatch_seq`): the cursor a reconnect replays from. */
  id: string;
  type: AlertType;
  status: 0;
  /** `retracts`: a correction's, the id of the alert it takes back. */
  data: { productIdx?: number; inquiryIdx?: number; retracts?: string };
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
  publish(address: string, msg: { id: string; type: AlertType; productIdx?: number; inquiryIdx?: number; retracts?: string }): Promise<void>;
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

/** An alert message's data: its item (or inquiry) and, for a correction, the id of the alert it takes back. */
export function alertData(productIdx: number | undefined, inquiryIdx: number | undefined, retracts: string | undefined): AlertMessage['data'] {
  const about = inquiryIdx === undefined ? { productIdx } : { inquiryIdx };
  return retracts === undefined ? about : { ...about, retracts };
}

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
    type Wire = { address: string; msg: AlertMessage } | { address: string; end: SessionEnd };
    const receive = (w: Wire) => ('end' in w ? end(w.address, w.end) : deliver(w.address, w.msg));

    let pub: Redis | undefined;
    const channel = app.config.redisAlertsChannel;
    if (app.config.redisUrl) {
      pub = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = new Redis(app.config.redisUrl, { lazyConnect: true });
      for (const [name, client] of [['publisher', pub], ['subscriber', sub]] as const) {
        client.on('error', (err: Error) => app.log.error({ err }, `redis ${name} error`));
      }
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel);
      sub.on('message', (_channel: string, raw: string) => {
        try {
          receive(JSON.parse(raw) as Wire);
        } catch (err) {
          app.log.warn({ err }, 'bad alert on redis');
        }
      });
      app.addHook('onClose', async () => {
        await Promise.allSettled([sub.quit(), pub?.quit()]);
      });
      const publisher = pub;
      app.health.addCheck('redis', async () => {
        const [a, b] = await Promise.all([publisher.ping(), sub.status === 'ready' ? 'PONG' : `subscriber ${sub.status}`]);
        return a === 'PONG' && b === 'PONG' ? undefined : `redis: ${a === 'PONG' ? b : a}`;
      });
    }

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
      async publish(address, { id, type, productIdx, inquiryIdx, retracts }) {
        const key = address.toLowerCase();
        const data = alertData(productIdx, inquiryIdx, retracts);
        const wire: Wire = { address: key, msg: { id, type, status: 0, data } };
        if (pub) await pub.publish(channel, JSON.stringify(wire));
        else receive(wire);
      },
      async endSessions(address, e) {
        const wire: Wire = { address: address.toLowerCase(), end: e };
        if (pub) await pub.publish(channel, JSON.stringify(wire));
        else receive(wire);
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
    const unlisten = await listen(app.db, ALERTS_WAKE_CHANNEL, () => app.jobs.wake(DISPATCH_JOB), (err) => app.log.warn({ err }, 'alerts: the wake-up listener lost its connection'));
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
    let backlog: Promise<{ count: number; oldestSeconds: number }> | undefined;
    const read = () => (backlog ??= outbox(app.db).backlog().finally(() => setImmediate(() => (backlog = undefined))));
    new Gauge({
      name: 'att_outbox_backlog',
      help: 'Alerts committed and not yet dispatched (table alerts, dispatched_at IS NULL)',
      registers: [app.metrics.registry],
      async collect() {
        this.set((await read()).count);
      },
    });
    new Gauge({
      name: 'att_outbox_oldest_seconds',
      help: 'Age of the oldest undispatched alert in seconds (0 when none wait)',
      registers: [app.metrics.registry],
      async collect() {
        this.set((await read()).oldestSeconds);
      },
    });
  },
  { name: 'alerts', dependencies: ['app-config', 'db', 'jobs', 'metrics', 'health'] },
);
