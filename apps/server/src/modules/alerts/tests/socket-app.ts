/** A test app listening on a free port, and the URL of its alert socket (the socket tests' common setup). */
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { ALERT_SOCKET_PATH } from '../socket-routes';

export async function listeningApp(opts?: Parameters<typeof buildTestApp>[0]): Promise<{ t: TestApp; url: string }> {
  const t = await buildTestApp(opts);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}` };
}
