/** Alerts: the outbox (producers enqueue in their own transaction), its dispatcher, fan-out to members' sockets (in-process or Redis) and the alert socket. */
import type { FastifyInstance } from 'fastify';
import alertListRoutes from './routes';
import socketRoutes from './socket-routes';
import unsubscribeRoutes from './unsubscribe-routes';

export { ALERT_SOCKET_PATH } from './socket-routes';

export {
  default as alertsPlugin,
  type Alerts,
  type AlertMessage,
  type AlertType,
  type ItemWatcher,
} from './alerts-plugin';

/** The module's API routes (registered under API_BASE): the member's alert list. */
export async function alertsRoutes(app: FastifyInstance) {
  await app.register(alertListRoutes);
}

/** The alert socket and the alert mails' unsubscribe page, outside the API base. */
export async function alertsRootRoutes(app: FastifyInstance) {
  await app.register(socketRoutes);
  await app.register(unsubscribeRoutes);
}
export {
  dropReplayedAlerts,
  enqueueAlert,
  ITEM_EVENTS_CHANNEL,
  lastAlertId,
  retractAlertsOf,
  type AlertSource,
  type NewAlert,
} from './outbox-repository';
export { alertsLeaver } from './member-leaver';
