/**
 * Alert socket at ALERT_SOCKET_PATH (spec 1, section 4): the client sends {channel: address, id, ticket, after?} on
 * open and a single space as keep-alive; the server answers the ping with {status: 0} (or -3 before a channel is
 * set, which the client also takes as healthy) and pushes {id, type, status: 0, data: {productIdx}}. A malformed
 * message gets {status: 3} and the socket stays open. The ticket must be the member's for that address (else its
 * returnCode as the status, and the socket is closed); it is checked again at every keep-alive, and a logout closes
 * the sockets of its ticket. `after` replays the alerts sent after that id, once and in order, before live ones.
 * `{watch: [productIdx, ...]}` (with or without a channel) replaces the items whose public events the socket hears:
 * `{event: 'item', status: 0, data: {productIdx}}` when the item's trade history changed (alerts-plugin.ts).
 *
 * Limits: a browser's Origin must be one the API allows (else HTTP 403 before the upgrade);
 * a client (IPv4 address or IPv6 /64) may hold ALERT_SOCKETS_PER_CLIENT sockets and send ALERT_MESSAGES_PER_MINUTE messages over all
 * of them; past either the socket is closed with 1008 (policy violation). A frame over 4 KB closes it with 1009,
 * logged at info (app.ts).
 */
import {
  ALERT_SOCKET_PATH,
  AlertStatus,
  alertSubscribeSchema,
  alertWatchSchema,
  ReturnCode,
  type AlertSubscribe,
} from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { TicketClaim } from '../../platform/http/auth';
import { clientKey } from '../../platform/http/client-key';
import { originChecker } from '../../platform/http/origins';
import { sentMessage, type AlertMessage } from './alerts-plugin';
import { replayFor } from './catch-up-repository';

export { ALERT_SOCKET_PATH };
/** The most alerts one reconnect replays (older ones are in the member's alert list). */
export const ALERT_REPLAY_LIMIT = 1000;
export const ALERT_SOCKETS_PER_CLIENT = 10;
/**
 * A healthy client pings every 120 s and subscribes once, and sends a watch (or two: the page it leaves, the page it
 * opens) per item page it opens: 120 a minute is far above a person going from item to item.
 */
export const ALERT_MESSAGES_PER_MINUTE = 120;
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
      if (!use) clients.set(ip, (use = { sockets: 0, windowStart: performance.now(), messages: 0 }));
      const client = use;
      client.sockets += 1;
      let unsubscribe: (() => void) | undefined;
      const watcher = { send: (text: string) => socket.send(text) };
      socket.on('close', () => {
        unsubscribe?.();
        app.alerts.watch(watcher, []);
        client.sockets -= 1;
        if (client.sockets === 0 && clients.get(ip) === client) clients.delete(ip);
      });
      if (client.sockets > ALERT_SOCKETS_PER_CLIENT) {
        request.log.info({ sockets: client.sockets }, 'alert socket refused: too many sockets from one client');
        socket.close(POLICY_VIOLATION, 'too many sockets');
        return;
      }

      const send = (msg: object) => socket.send(JSON.stringify(msg));
      const refuse = (code: number) => {
        send({ status: code });
        socket.close(POLICY_VIOLATION, 'ticket');
      };
      let session: { claim: TicketClaim } | undefined;
      let busy = false;
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        const now = performance.now();
        if (now - client.windowStart >= 60_000) {
          client.windowStart = now;
          client.messages = 0;
        }
        client.messages += 1;
        if (client.messages > ALERT_MESSAGES_PER_MINUTE) {
          if (client.messages === ALERT_MESSAGES_PER_MINUTE + 1)
            request.log.info('alert socket closed: too many messages');
          socket.close(POLICY_VIOLATION, 'too many messages');
          return;
        }
        const text = isBinary ? '' : raw.toString('utf8');
        if (text === ' ' || text === '') {
          if (!session) return send({ status: AlertStatus.NoChannel });
          // Every keep-alive checks the ticket again: an expired, revoked or blocked session stops listening.
          const { claim } = session;
          void app.authenticate(claim).then(
            () => send({ status: AlertStatus.Ok }),
            (err: unknown) =>
              err instanceof AppError
                ? refuse(err.returnCode)
                : request.log.error({ err }, 'alert socket: ticket check failed'),
          );
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        // Watching items: public events, so with or without a channel; the set is replaced as a whole.
        if (typeof json === 'object' && json !== null && 'watch' in json) {
          const w = alertWatchSchema.safeParse(json).data;
          if (!w) return send({ status: AlertStatus.BadMessage });
          app.alerts.watch(watcher, w.watch);
          return send({ status: AlertStatus.Ok });
        }
        const parsed: AlertSubscribe | undefined = alertSubscribeSchema.safeParse(json).data;
        if (!parsed || busy) return send({ status: AlertStatus.BadMessage });
        busy = true;
        void subscribe(parsed)
          .catch((err: unknown) =>
            err instanceof AppError
              ? refuse(err.returnCode)
              : (request.log.error({ err }, 'alert socket: subscribe failed'), refuse(ReturnCode.ServerError)),
          )
          .finally(() => (busy = false));
      });

      /**
       * Lets the socket in on a valid ticket for the channel's address, then replays what it missed: live alerts that
       * arrive during the replay wait, and only those after the last replayed one are sent (each alert once, in order).
       */
      async function subscribe(m: AlertSubscribe) {
        const address = m.channel.toLowerCase();
        const claim: TicketClaim = { id: m.id, ticket: m.ticket, address };
        const member = await app.authenticate(claim);
        unsubscribe?.();
        session = { claim };
        let last = m.after ?? null;
        let waiting: AlertMessage[] | null = m.after === undefined ? null : [];
        /** Sends the alert unless it is not after the last one sent; `text`: it as JSON, when made already. */
        const forward = (msg: AlertMessage, text?: string) => {
          if (last !== null && BigInt(msg.id) <= BigInt(last)) return;
          last = msg.id;
          if (text === undefined) send(msg);
          else socket.send(text);
        };
        unsubscribe = app.alerts.subscribe(
          address,
          { send: (t, msg) => (waiting ? waiting.push(msg) : forward(msg, t)), close: (c, r) => socket.close(c, r) },
          member.ticket,
        );
        send({ status: AlertStatus.Ok });
        if (m.after === undefined) return;
        for (const a of await replayFor(app.db, address, m.after, ALERT_REPLAY_LIMIT)) {
          forward(sentMessage(a));
        }
        const held = waiting ?? [];
        waiting = null;
        for (const msg of held) forward(msg);
      }
    },
  );
}
