/**
 * The HTTP server every instance runs, knowing no module: security headers (helmet's, computed once), CORS,
 * multipart, websocket, the one error handler, the API scope (rate limit, compression) that modules' routes are
 * registered in, and the built web app.
 *
 * Every API reply is HTTP 200 with {returnCode, ...}. The one error handler maps AppError to its code,
 * client mistakes Fastify itself detects (bad JSON, wrong content type, body too large) to 3, and anything
 * else to 101 with the error logged; no stack trace ever reaches a client. An unknown path answers HTTP 404
 * with {returnCode: 3}.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { API_BASE, CDN_BASE, DEV_CHAIN_ID, IDEMPOTENCY_KEY_HEADER, IMAGE_MAX_BYTES, ReturnCode } from '@att/shared';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { Gauge } from 'prom-client';
import { isNodeUnreachable, summarizeChainError } from '../chain/chain-errors';
import type { AppConfig } from '../config';
import appConfigPlugin from '../config-plugin';
import metricsPlugin from '../observability/metrics-plugin';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '../observability/request-context';
import { AppError } from './app-error';
import { clientKey } from './client-key';
import { maskUrl } from './mask-url';
import { originChecker } from './origins';
import { rateLimitStores } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import { registerStaticWeb } from './static-web';

export interface ServerDeps {
  /** The clock. */
  now?: () => Date;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Process metrics (CPU, memory, event loop) in the registry too: the production start asks for them. */
  processMetrics?: boolean;
}

/** A socket closed by a shutdown: 1012 (service restart) tells the client to reconnect, which the balancer sends to another instance. */
export const SOCKET_RESTART_CODE = 1012;

/** JSON bodies are small (the largest is a signed message of at most 2000 characters). */
const JSON_BODY_LIMIT = 64 * 1024;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function contentSecurityPolicy(config: AppConfig) {
  const pub = new URL(config.publicOrigin);
  const wsOrigin = `${pub.protocol === 'https:' ? 'wss:' : 'ws:'}//${pub.host}`;
  const rpc = config.publicChainRpcUrl ? originOf(config.publicChainRpcUrl) : null;
  const cdn = originOf(config.cdnUrl);
  const files = ["'self'", 'data:', 'blob:', ...(cdn ? [cdn] : [])];
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': files,
      'media-src': files,
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", wsOrigin, ...(rpc ? [rpc] : [])],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(pub.protocol === 'https:' ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

function corsOrigin(config: AppConfig) {
  const allowed = originChecker(config);
  return (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) =>
    cb(null, !origin || allowed(origin));
}

/** Socket errors a client can cause (oversize frame, bad frame): an info line, not an error with a stack. */
const CLIENT_WS_ERRORS = new Set([
  'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
  'WS_ERR_INVALID_OPCODE',
  'WS_ERR_INVALID_UTF8',
  'WS_ERR_INVALID_CLOSE_CODE',
  'WS_ERR_UNEXPECTED_RSV_1',
  'WS_ERR_UNEXPECTED_RSV_2_3',
  'WS_ERR_EXPECTED_MASK',
  'WS_ERR_UNEXPECTED_MASK',
  'WS_ERR_EXPECTED_FIN',
  'WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH',
]);

function errorCode(err: FastifyError): number {
  if (err instanceof AppError) return err.returnCode;
  // Every chain node of CHAIN_RPC_URL timed out or refused: 133, the spec's code for the chain API failing (the
  // member may try again shortly), not 101 (a fault of ours) nor 26/103 (the member's own limit, this server's load).
  if (isNodeUnreachable(err)) return ReturnCode.Erc20ApiError;
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return ReturnCode.ValidationFailed;
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return ReturnCode.BadRequest;
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return ReturnCode.BadRequest;
  return ReturnCode.ServerError;
}

/**
 * A reload of a client route gets the app: every GET/HEAD outside the API, /cdn and the built assets that a
 * browser navigation makes (Accept names text/html), whatever its last segment holds (`/Search/v1.5`,
 * `/Profile/john.doe`, `/EmailVerify/foo@bar.com/...`). Without an Accept header (curl) a path without a file
 * extension counts as a route too.
 */
export function isSpaRequest(method: string, rawUrl: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = rawUrl.split('?')[0] ?? '/';
  const lower = url.toLowerCase();
  if (lower.startsWith('/attnftmarket/') || lower === CDN_BASE || lower.startsWith(`${CDN_BASE}/`)) return false;
  if (lower.startsWith('/assets/')) return false;
  if (accept === undefined || accept.trim() === '') return !/\.[A-Za-z0-9]{1,8}$/.test(url);
  return /(^|,)\s*(text\/html|application\/xhtml\+xml)\s*(;|,|$)/i.test(accept);
}

export async function createServer(config: AppConfig, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A first start creates the PGlite data directory (initdb) and runs every migration: 10-25 s on a busy 2-core
    // machine, past Fastify's 10 s default for one plugin.
    pluginTimeout: 120_000,
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.authorization'],
      serializers: {
        // Upload URLs may carry the ticket in the path: never write it to the log, however it is spelled.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: maskUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // A hop count: the client is that many proxies back (proxy-addr's semantics of a number).
          (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // The balancer's (or client's) X-Request-Id when well-formed, else a new one: in every log line as reqId.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
  });

  // The request's id follows its work across awaits (database and chain calls carry it) and goes back to the client.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });

  // A worker serves its health and metrics only: members and the balancer never reach it.
  if (config.role === 'worker') {
    app.addHook('onRequest', async (request, reply) => {
      const p = request.url.split('?')[0];
      if (p !== '/healthz' && p !== '/readyz' && p !== '/metrics')
        return reply.code(404).type('application/json; charset=utf-8').send({ error: 'a worker instance' });
    });
  }

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const returnCode = errorCode(err);
    if (returnCode === ReturnCode.ServerError) request.log.error({ err }, 'unexpected error');
    else
      request.log.info(
        { returnCode, reason: isNodeUnreachable(err) ? summarizeChainError(err).reason : err.message },
        'request refused',
      );
    return reply.code(200).type('application/json; charset=utf-8').send({ returnCode });
  });

  // An empty application/json body is an absent body (treated as {}), not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });

  // External plugins.
  await app.register(appConfigPlugin, { config, now: deps.now });
  await app.register(metricsPlugin, { processMetrics: deps.processMetrics });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: corsOrigin(config),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['content-type', 'authorization', IDEMPOTENCY_KEY_HEADER.toLowerCase()],
    maxAge: 600,
  });
  // The default cap of a multipart read; a route that takes larger files passes its own limits to request.file (the
  // sign-up banner's 10 MB, collection and item media), which replace this one.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On close (a deploy, a scale-down) every socket is told to reconnect; the balancer sends it to a live instance.
    preClose: function (this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients)
        client.close(SOCKET_RESTART_CODE, 'server restarting: reconnect');
      this.websocketServer.close();
      done();
    },
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: string }).code;
      if (code && CLIENT_WS_ERRORS.has(code)) request.log.info({ code, reason: error.message }, 'alert socket closed');
      else request.log.error({ err: error }, 'alert socket error');
      socket.terminate();
    },
  });
  new Gauge({
    name: 'att_websockets_open',
    help: 'Alert sockets open on this instance',
    registers: [app.metrics.registry],
    collect() {
      this.set(app.websocketServer.clients.size);
    },
  });

  return app;
}

export async function registerApi(app: FastifyInstance, modules: readonly FastifyPluginAsync[]): Promise<void> {
  const config = app.config;
  const store = rateLimitStores(app);
  await app.register(
    async (api) => {
      if (config.rateLimitMax > 0) {
        await api.register(rateLimit, {
          max: config.rateLimitMax,
          timeWindow: 60_000,
          store,
          keyGenerator: (request) => clientKey(request.ip),
          errorResponseBuilder: () => Object.assign(new AppError(ReturnCode.ApiLimited), { statusCode: 429 }),
        });
      }
      // API replies over 1 KB go compressed to a client that asks: a page of 20 item cards (9.7 KB of JSON) becomes
      // 0.6 KB with brotli at quality 4 for 0.16 ms of CPU (gzip -6: 0.7 KB, 0.14 ms), 45 ms less on a 1.6 Mbps
      // link. Small replies (most calls) are sent as they are: there compression costs more than it saves.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
      });
      for (const routes of modules) await api.register(routes);
    },
    { prefix: API_BASE },
  );
}

export async function serveWeb(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const webDist = config.webDist;
  const serveSourceMaps = config.chainId === DEV_CHAIN_ID && process.env.NODE_ENV !== 'production';
  if (webDist) {
    if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`WEB_DIST has no index.html: ${webDist}`);
    await registerStaticWeb(app, { root: webDist, serveSourceMaps });
  }

  app.setNotFoundHandler((request, reply) => {
    if (webDist !== undefined && isSpaRequest(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ returnCode: ReturnCode.BadRequest });
  });
}
