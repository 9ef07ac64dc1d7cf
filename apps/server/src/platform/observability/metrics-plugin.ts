/**
 * Prometheus metrics (`prom-client`), one registry per app: `app.metrics.registry` for modules to add their own
 * (a gauge with `collect()` reads its value at scrape time), request latency per route recorded here. Served at
 * `/metrics` on a port of its own (`METRICS_PORT`: never behind the balancer) and/or on the API port behind
 * `Authorization: Bearer $METRICS_TOKEN`; neither set: not served (the registry still counts).
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { registry: Registry };
  }
}

/** Seconds; API calls are milliseconds to a few seconds (uploads up to 100 MB take longer: the last bucket). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export default fp<{ processMetrics?: boolean }>(
  async (app, opts) => {
    const registry = new Registry();
    if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'att_' });
    const latency = new Histogram({
      name: 'att_http_request_duration_seconds',
      help: 'HTTP request latency by route (the route pattern, `unmatched` for unknown paths), method and status code',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.decorate('metrics', { registry });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      latency.observe(
        { route, method: request.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const serve = async (_req: unknown, reply: { type(t: string): unknown; send(b: string): unknown }) => {
      const body = await registry.metrics();
      reply.type(registry.contentType);
      return reply.send(body);
    };
    const { port, host, token } = app.config.metrics;
    if (token) {
      app.get('/metrics', async (request, reply) => {
        if (!tokenMatches(request.headers.authorization, token)) return reply.code(401).send({ returnCode: 2 });
        return serve(request, reply);
      });
    }
    if (port) {
      let server: FastifyInstance | undefined;
      app.addHook('onListen', async () => {
        server = Fastify({ logger: false });
        server.get('/metrics', serve);
        await server.listen({ port, host });
        app.log.info({ port, host }, 'metrics listening');
      });
      app.addHook('onClose', async () => {
        await server?.close();
      });
    }
  },
  { name: 'metrics', dependencies: ['app-config'] },
);
