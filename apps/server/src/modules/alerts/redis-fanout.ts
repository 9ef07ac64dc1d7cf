/**
 * The alerts' fan-out through Redis pub/sub (REDIS_URL): every instance publishes on one channel and hears every
 * message. Redis pub/sub keeps nothing, so a message published while an instance's subscriber is away is lost to
 * it. The instance therefore remembers the last alert number it heard; when its subscriber goes away it keeps that
 * place, and while away the catch-up job (`catchUp`, run on every instance) reads the alerts numbered since then
 * from the outbox and delivers them to the sockets it holds (alerts still reach open sockets, a second later).
 * When the subscriber is back (subscribed again) it catches up once more while holding the live messages, then
 * lets them through: each socket hears every alert, in order, and drops a number it already passed (socket-routes).
 * The publisher does not queue while Redis is away: a publish fails at once (the dispatcher keeps the alerts to
 * publish again) instead of holding the leader's job loop for seconds.
 */
import { Redis } from 'ioredis';
import type { NumberedAlert } from './catch-up-repository';

/** What travels on the channel: an alert for an address, or the end of sessions. */
export type FanoutWire<M, E> = { address: string; msg: M } | { address: string; end: E };

export interface RedisFanoutOptions<M extends { id: string }, E> {
  url: string;
  channel: string;
  receive(wire: FanoutWire<M, E>): void;
  /** The alert as a wire message, for alerts read back from the outbox. */
  toMessage(a: NumberedAlert): M;
  readAfter(afterSeq: string, limit: number): Promise<NumberedAlert[]>;
  lastNumber(): Promise<string>;
  log: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
}

const PAGE = 1000;

export async function redisFanout<M extends { id: string }, E>(o: RedisFanoutOptions<M, E>) {
  const pub = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  const sub = new Redis(o.url, { lazyConnect: true });
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (err: Error) => o.log.error({ err }, `redis ${name} error`));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(o.channel);

  /** The highest alert number heard (live or caught up). */
  let heard = BigInt(await o.lastNumber());
  /** Set while the subscriber is away or catching up: the number after which alerts may have been missed. */
  let missedAfter: bigint | undefined;
  let away = false;
  let closing = false;
  /** Live messages held while the subscriber catches up after coming back. */
  let holding: FanoutWire<M, E>[] | null = null;
  let running: Promise<void> = Promise.resolve();

  const hear = (w: FanoutWire<M, E>) => {
    if ('msg' in w) {
      const n = BigInt(w.msg.id);
      if (n > heard) heard = n;
    }
    o.receive(w);
  };
  /** Reads and delivers everything numbered after `missedAfter`, page by page (one run at a time). */
  const readMissed = () =>
    (running = running.then(async () => {
      for (;;) {
        if (missedAfter === undefined) return;
        const rows = await o.readAfter(missedAfter.toString(), PAGE);
        for (const a of rows) {
          hear({ address: a.address, msg: o.toMessage(a) });
          missedAfter = BigInt(a.seq);
        }
        if (rows.length < PAGE) return;
      }
    }));

  sub.on('message', (_channel: string, raw: string) => {
    let w: FanoutWire<M, E>;
    try {
      w = JSON.parse(raw) as FanoutWire<M, E>;
    } catch (err) {
      o.log.warn({ err }, 'bad alert on redis');
      return;
    }
    if (holding) holding.push(w);
    else hear(w);
  });
  sub.on('close', () => {
    if (away || closing) return;
    away = true;
    missedAfter ??= heard;
    o.log.warn({ after: heard.toString() }, 'alerts: redis subscriber away; delivering from the outbox meanwhile');
  });
  sub.on('ready', () => {
    if (!away) return;
    away = false;
    void (async () => {
      holding ??= [];
      try {
        // ioredis subscribes again by itself on reconnect; this SUBSCRIBE's answer comes after that one's, so from here
        // on every published message reaches this instance.
        await sub.subscribe(o.channel);
        await readMissed();
        if (!away) missedAfter = undefined;
        o.log.info({ heard: heard.toString() }, 'alerts: redis subscriber back; caught up from the outbox');
      } catch (err) {
        o.log.warn({ err }, 'alerts: catching up after redis came back failed; the catch-up job goes on');
        away = true;
      } finally {
        const held = holding ?? [];
        holding = null;
        for (const w of held) hear(w);
      }
    })();
  });

  return {
    async publish(w: FanoutWire<M, E>): Promise<void> {
      await pub.publish(o.channel, JSON.stringify(w));
    },
    /** While the subscriber is away: deliver what was numbered since it left (the catch-up job, every instance). */
    async catchUp(): Promise<void> {
      if (away) await readMissed();
    },
    /** Whether the subscriber is away (tests). */
    away: () => away || holding !== null,
    async check(): Promise<string | undefined> {
      const [a, b] = await Promise.all([pub.ping(), sub.status === 'ready' ? 'PONG' : `subscriber ${sub.status}`]);
      return a === 'PONG' && b === 'PONG' ? undefined : `redis: ${a === 'PONG' ? b : a}`;
    },
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
export type RedisFanout = Awaited<ReturnType<typeof redisFanout>>;
