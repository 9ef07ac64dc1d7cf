/**
 * The server's own chain node URL may carry a provider's key: no response body or header may hold it. Browsers get
 * PUBLIC_CHAIN_RPC_URL (the front configuration's network entry, the CSP's connect-src) and nothing else.
 */
import { API_BASE, routes } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../test/helper';

const KEY = 'k3yOfTheProvider0123456789';
const PRIVATE = `https://att:pa55word@kaia-node.provider.example/v3/${KEY}`;
const PUBLIC = 'https://public-node.example';

let t: TestApp;
let member: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  t = await buildTestApp({ config: { chainRpcUrls: [PRIVATE], publicChainRpcUrl: PUBLIC } });
  member = await loggedIn(t);
});
afterAll(async () => t?.close());

const leaks = (text: string) => [KEY, 'pa55word', 'kaia-node.provider.example'].filter((s) => text.includes(s));

describe('the private chain URL never reaches a browser', () => {
  it('no route answers it, in its body or its headers', async () => {
    const found: string[] = [];
    const paths = [...Object.keys(routes).map((p) => `${API_BASE}${p}`), '/', '/healthz', '/readyz', '/market'];
    for (const url of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.ticketId}` },
          payload: method === 'POST' ? JSON.stringify({ id: member.id, ticketId: member.ticketId }) : undefined,
        });
        const where = leaks(`${res.body}\n${JSON.stringify(res.headers)}`);
        if (where.length > 0) found.push(`${method} ${url}: ${where.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  }, 300_000);

  it('browsers get the public node: the network entry and the CSP', async () => {
    const network = await t.post('/config/network', {});
    const data = JSON.parse((network.body.list as { data: string }[])[0]!.data) as { rpcUrl: string };
    expect(data.rpcUrl).toBe(PUBLIC);
    const page = await t.app.inject({ method: 'GET', url: `${API_BASE}/config/front` });
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self'`);
    expect(String(page.headers['content-security-policy'])).toContain(PUBLIC);
  });
});
