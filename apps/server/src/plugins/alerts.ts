/**
 * Alert fan-out. Sockets subscribe to their wallet address; `app.alerts.publish(address, msg)` delivers to every
 * socket of that address: in-process, or through Redis pub/sub (REDIS_URL) so any instance reaches any socket.
 */
import { ALERT_TYPES } from '@att/shared';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export type AlertType = (typeof ALERT_TYPES)[number];
export interface AlertMessage {
  type: AlertType;
  status: 0;
  data: { productIdx?: number; inquiryIdx?: number };
}

/** What a subscriber needs: something with send() that can be closed. */
export interface AlertSocket {
  send(data: string): void;
}

export interface Alerts {
  subscribe(address: string, socket: AlertSocket): () => void;
  publish(address: string, msg: { type: AlertType; productIdx?: number; inquiryIdx?: number }): Promise<void>;
  /** Sockets per address, for tests and metrics. */
  count(address: string): number;
}

const CHANNEL = 'att:alerts';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

export default fp(
  async (app) => {
    const sockets = new Map<string, Set<AlertSocket>>();
    const deliver = (address: string, msg: AlertMessage) => {
      const text = JSON.stringify(msg);
      for (const s of sockets.get(address) ?? []) {
        try {
          s.send(text);
        } catch (err) {
          app.log.warn({ err }, 'alert delivery failed');
        }
      }
    };

    let pub: Redis | undefined;
    if (app.config.redisUrl) {
      pub = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = new Redis(app.config.redisUrl, { lazyConnect: true });
      for (const [name, client] of [['publisher', pub], ['subscriber', sub]] as const) {
        client.on('error', (err: Error) => app.log.error({ err }, `redis ${name} error`));
      }
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(CHANNEL);
      sub.on('message', (_channel: string, raw: string) => {
        try {
          const { address, msg } = JSON.parse(raw) as { address: string; msg: AlertMessage };
          deliver(address, msg);
        } catch (err) {
          app.log.warn({ err }, 'bad alert on redis');
        }
      });
      app.addHook('onClose', async () => {
        await Promise.allSettled([sub.quit(), pub?.quit()]);
      });
    }

    const alerts: Alerts = {
      subscribe(address, socket) {
        const key = address.toLowerCase();
        let set = sockets.get(key);
        if (!set) sockets.set(key, (set = new Set()));
        set.add(socket);
        return () => {
          set.delete(socket);
          if (set.size === 0 && sockets.get(key) === set) sockets.delete(key);
        };
      },
      async publish(address, { type, productIdx, inquiryIdx }) {
        const key = address.toLowerCase();
        const data = inquiryIdx === undefined ? { productIdx } : { inquiryIdx };
        const msg: AlertMessage = { type, status: 0, data };
        if (pub) await pub.publish(CHANNEL, JSON.stringify({ address: key, msg }));
        else deliver(key, msg);
      },
      count: (address) => sockets.get(address.toLowerCase())?.size ?? 0,
    };
    app.decorate('alerts', alerts);
  },
  { name: 'alerts', dependencies: ['app-config'] },
);
