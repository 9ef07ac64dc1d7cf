/**
 * The Fastify app: external plugins (cors, helmet, multipart, websocket), app plugins (config, db,
 * repositories, storage, mailer, alerts), then the API routes by area under API_BASE (rate limited), the
 * alert socket, and the SPA when WEB_DIST is set.
 *
 * Every API reply is HTTP 200 with {returnCode, ...}. The one error handler maps AppError to its code,
 * client mistakes Fastify itself detects (bad JSON, wrong content type, body too large) to 3, and anything
 * else to 101 with the error logged; no stack trace ever reaches a client. An unknown path answers HTTP 404
 * with {returnCode: 3}.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { API_BASE, CDN_BASE, DEV_CHAIN_ID, IMAGE_MAX_BYTES, ReturnCode } from '@att/shared';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { AppError } from './errors';
import alertsPlugin from './plugins/alerts';
import appConfigPlugin from './plugins/app-config';
import dbPlugin from './plugins/db';
import mailerPlugin, { type Mailer } from './plugins/mailer';
import repositoriesPlugin from './plugins/repositories';
import storagePlugin from './plugins/storage';
import adminRoutes from './routes/admin';
import alertRoutes from './routes/alerts';
import certRoutes from './routes/cert';
import configRoutes from './routes/config';
import supportRoutes from './routes/support';
import ticketRoutes from './routes/ticket';
import uploadRoutes from './routes/upload';
import userRoutes from './routes/user';

export interface AppDeps {
  /** A database to use instead of opening one from config (the caller closes it). */
  db?: Db;
  /** A mailer to use instead of SMTP / the dev outbox. */
  mailer?: Mailer;
  /** The clock. */
  now?: () => Date;
}

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
  const rpc = originOf(config.chainRpcUrl);
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'data:', 'blob:'],
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
  const allowed = new Set([config.publicOrigin, ...config.corsOrigins.map((o) => originOf(o) ?? o)]);
  const devChain = config.chainId === DEV_CHAIN_ID;
  return (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) => {
    if (!origin) return cb(null, true);
    if (allowed.has(origin)) return cb(null, true);
    if (devChain && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) return cb(null, true);
    return cb(null, false);
  };
}

export function maskTicket(url: string): string {
  return url.replace(/(\/user\/upload\/[^/]+\/[^/]+\/)[^/?#]+/, '$1***');
}

function errorCode(err: FastifyError): number {
  if (err instanceof AppError) return err.returnCode;
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return ReturnCode.ValidationFailed;
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return ReturnCode.BadRequest;
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return ReturnCode.BadRequest;
  return ReturnCode.ServerError;
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      serializers: {
        // Upload URLs carry the ticket in the path: never write it to the log.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: maskTicket(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const returnCode = errorCode(err);
    if (returnCode === ReturnCode.ServerError) request.log.error({ err }, 'unexpected error');
    else request.log.info({ returnCode, reason: err.message }, 'request refused');
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
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: corsOrigin(config),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['content-type', 'authorization'],
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });

  // App plugins.
  await app.register(dbPlugin, { db: deps.db });
  await app.register(repositoriesPlugin);
  await app.register(storagePlugin);
  await app.register(mailerPlugin, { mailer: deps.mailer });
  await app.register(alertsPlugin);

  // Routes.
  await app.register(
    async (api) => {
      if (config.rateLimitMax > 0) {
        await api.register(rateLimit, {
          max: config.rateLimitMax,
          timeWindow: 60_000,
          errorResponseBuilder: () => Object.assign(new AppError(ReturnCode.ApiLimited), { statusCode: 429 }),
        });
      }
      await api.register(ticketRoutes);
      await api.register(userRoutes);
      await api.register(certRoutes);
      await api.register(configRoutes);
      await api.register(uploadRoutes);
      await api.register(supportRoutes);
      await api.register(adminRoutes);
    },
    { prefix: API_BASE },
  );
  await app.register(alertRoutes);

  const webDist = config.webDist;
  if (webDist) {
    if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`WEB_DIST has no index.html: ${webDist}`);
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
      list: false,
      // Hashed assets may be cached; the page itself must be revalidated so a deploy shows at once.
      setHeaders: (res, file) => {
        if (file.endsWith('index.html')) res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isSpaPath =
      webDist !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/attnftmarket/') &&
      url !== CDN_BASE &&
      !url.startsWith(`${CDN_BASE}/`) &&
      !/\.[A-Za-z0-9]{1,8}$/.test(url);
    if (isSpaPath) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ returnCode: ReturnCode.BadRequest });
  });

  return app;
}
