/**
 * Alert socket at /attnftmarket/ws (spec 1, section 4): the client sends {channel: address} on open and a single
 * space as keep-alive; the server answers the ping with {status: 0} (or -3 before a channel is set, which the
 * client also takes as healthy) and pushes {type, status: 0, data: {productIdx}}. A malformed message gets
 * {status: 3} and the socket stays open. Alerts carry only item ids, so the channel needs no ticket.
 *
 * Limits (issue 7, item 9): a browser's Origin must be one the API allows (else HTTP 403 before the upgrade);
 * a client (IPv4 address or IPv6 /64) may hold ALERT_SOCKETS_PER_CLIENT sockets and send ALERT_MESSAGES_PER_MINUTE messages over all
 * of them; past either the socket is closed with 1008 (policy violation). A frame over 4 KB closes it with 1009,
 * logged at info (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../http/client-key';
import { originChecker } from '../http/origins';

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const ALERT_SOCKET_PATH = '/attnftmarket/ws';
export const ALERT_SOCKETS_PER_CLIENT = 10;
/** A healthy client pings every 120 s and subscribes once: 60 a minute is far above that. */
export const ALERT_MESSAGES_PER_MINUTE = 60;
const POLICY_VIOLATION = 1008;

interface ClientUse {
  sockets: number;
  windowStart: number;
  messages: number;
}

export default async function alertRoutes(app: FastifyInstance) {
  const allowedOrigin = originChecker(app.config);
  const clients = new Map<string, ClientUse>();

  app.get(
    ALERT_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigin(origin)) {
          request.log.info({ origin }, 'alert socket refused: origin');
          return reply.code(403).send({ returnCode: 2 });
        }
        return undefined;
      },
    },
    (socket, request) => {
      const ip = clientKey(request.ip);
      let use = clients.get(ip);
      if (!use) clients.set(ip, (use = { sockets: 0, windowStart: Date.now(), messages: 0 }));
      const client = use;
      client.sockets += 1;
      let unsubscribe: (() => void) | undefined;
      socket.on('close', () => {
        unsubscribe?.();
        client.sockets -= 1;
        if (client.sockets === 0 && clients.get(ip) === client) clients.delete(ip);
      });
      if (client.sockets > ALERT_SOCKETS_PER_CLIENT) {
        request.log.info({ sockets: client.sockets }, 'alert socket refused: too many sockets from one client');
        socket.close(POLICY_VIOLATION, 'too many sockets');
        return;
      }

      const send = (msg: object) => socket.send(JSON.stringify(msg));
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        const now = Date.now();
        if (now - client.windowStart >= 60_000) {
          client.windowStart = now;
          client.messages = 0;
        }
        client.messages += 1;
        if (client.messages > ALERT_MESSAGES_PER_MINUTE) {
          if (client.messages === ALERT_MESSAGES_PER_MINUTE + 1) request.log.info('alert socket closed: too many messages');
          socket.close(POLICY_VIOLATION, 'too many messages');
          return;
        }
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
    },
  );
}
