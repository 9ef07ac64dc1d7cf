import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'connect-src': ["'self'", 'ws://localhost:8080'],
      'frame-ancestors': ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet's own middleware writes on a real response. */
function helmetOnRealResponse(options: HelmetOptions) {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'something');
  helmet(options)({} as never, res as never, () => {});
  return res.getHeaders();
}

describe('security headers', () => {
  for (const [name, options] of [
    ['the app-like options', OPTIONS],
    ['helmet defaults', {}],
    ['HSTS off, frameguard deny', { strictTransportSecurity: false, frameguard: { action: 'deny' } }],
  ] as const) {
    it(`are what helmet's middleware writes: ${name}`, () => {
      const { set, removed } = securityHeaders(options as HelmetOptions);
      const res = new ServerResponse(new IncomingMessage(new Socket()));
      res.setHeader('X-Powered-By', 'something');
      for (const [h, v] of set) res.setHeader(h, v);
      for (const h of removed) res.removeHeader(h);
      expect(res.getHeaders()).toEqual(helmetOnRealResponse(options as HelmetOptions));
      expect(res.getHeader('x-powered-by')).toBeUndefined();
    });
  }

  it('go on every reply (routes, 404s), and a route may still set its own', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/a', async () => ({ ok: 1 }));
    app.get('/file', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    const want = helmetOnRealResponse(OPTIONS);
    delete want['x-powered-by'];
    for (const url of ['/a', '/nope']) {
      const r = await app.inject({ method: 'GET', url });
      for (const [h, v] of Object.entries(want)) expect(r.headers[h], `${url} ${h}`).toBe(v);
    }
    const own = await app.inject({ method: 'GET', url: '/file' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
