/**
 * Alert socket at /attnftmarket/ws (spec 1, section 4): the client sends {channel: address} on open and a single
 * space as keep-alive; the server answers the ping with {status: 0} (or -3 before a channel is set, which the
 * client also takes as healthy) and pushes {type, status: 0, data: {productIdx}}. A malformed message gets
 * {status: 3} and the socket stays open. Alerts carry only item ids, so the channel needs no ticket.
 */
import type { FastifyInstance } from 'fastify';

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const ALERT_SOCKET_PATH = '/attnftmarket/ws';

export default async function alertRoutes(app: FastifyInstance) {
  app.get(ALERT_SOCKET_PATH, { websocket: true }, (socket) => {
    let unsubscribe: (() => void) | undefined;
    const send = (msg: object) => socket.send(JSON.stringify(msg));

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const text = isBinary ? '' : raw.toString('utf8');
      if (text === ' ' || text === '') {
        send({ status: unsubscribe ? 0 : -3 });
        return;
      }
      let channel: unknown;
      try {
        channel = (JSON.parse(text) as { channel?: unknown } | null)?.channel;
      } catch {
        channel = undefined;
      }
      if (typeof channel !== 'string' || !ADDRESS_RE.test(channel)) {
        send({ status: 3 });
        return;
      }
      unsubscribe?.();
      unsubscribe = app.alerts.subscribe(channel.toLowerCase(), socket);
      send({ status: 0 });
    });
    socket.on('close', () => unsubscribe?.());
  });
}
