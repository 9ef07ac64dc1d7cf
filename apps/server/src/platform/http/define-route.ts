/**
 * Registers one endpoint of the shared `routes` table: POST JSON, body parsed with the shared request schema,
 * the handler's reply returned (and checked against the shared reply schema when config.checkReplies).
 *
 * Body rules: absent body = {}; a body that is not a JSON object -> 3; a required field missing -> 6; any other
 * schema failure -> 5 (or what the route's `invalidCode` says, e.g. 47 for agreeAge false).
 * The route's `auth` in the shared table decides the caller: `member` routes check the ticket (body `ticketId`,
 * or an `Authorization: Bearer` header) before the schema, so a call without one gets 27; `optional` routes
 * check the ticket only when the body carries an `id` and otherwise run anonymously.
 * A money route (`idempotent` in the table) with an `Idempotency-Key` header runs once per member and key
 * (idempotency.ts): a repeat gets the first answer; a malformed key gets 3 before anything else is looked at.
 */
import {
  isIdempotentRoute,
  ReturnCode,
  requestSchema,
  routeAuth,
  routes,
  type ReturnCodeValue,
  type RoutePath,
  type RouteReply,
} from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';
import { pickTicket, type AuthedMember } from './auth';
import { idempotencyKeyOf, requestHash, runOnce } from './idempotency';
import { replySerializer } from './reply-serializer';

type Body<P extends RoutePath> = z.output<(typeof routes)[P]['request']>;
type Issue = z.core.$ZodIssue;

interface RouteOptions {
  /** Code for a schema failure that is not a missing field; undefined falls back to 5. */
  invalidCode?: (issues: readonly Issue[], raw: Record<string, unknown>) => ReturnCodeValue | undefined;
  /** A tighter per-client limit than RATE_LIMIT_MAX for this route (requests a minute; 108 past it). */
  perMinute?: number;
  /**
   * Serialize successful replies with a serializer compiled from the shared reply schema (see reply-serializer.ts);
   * only for routes whose replies are built with exactly the schema's keys, in its order.
   */
  compiledReply?: boolean;
  /**
   * A limit per logged-in member (requests a minute; 108 past it), counted after the ticket is checked: a member
   * cannot get round it with more addresses, members behind one address (a carrier's NAT) do not share it, and
   * nobody can spend another member's allowance by naming their id. Off with the other limits (RATE_LIMIT_MAX=0).
   */
  perMemberPerMinute?: number;
}

/** Fastify route options carrying a per-route rate limit (read by @fastify/rate-limit when it is on). */
function routeConfig(app: FastifyInstance, opts: RouteOptions) {
  if (opts.perMinute === undefined || app.config.rateLimitMax <= 0) return {};
  return { config: { rateLimit: { max: Math.min(opts.perMinute, app.config.rateLimitMax), timeWindow: 60_000 } } };
}

/** Counts a member's calls of one route (its own store); undefined when the route has no member limit. */
function memberLimiter(
  app: FastifyInstance,
  path: string,
  opts: RouteOptions,
): ((member: AuthedMember) => Promise<void>) | undefined {
  const max = opts.perMemberPerMinute;
  if (max === undefined || app.config.rateLimitMax <= 0) return undefined;
  const store = app.newRateLimitStore(`member:${path}:`);
  return (member) =>
    new Promise((resolve, reject) => {
      store.incr(
        `member:${member.memberIdx}`,
        (err, r) => {
          if (err) reject(err);
          else if (r && r.current > max) reject(new AppError(ReturnCode.ApiLimited, 'member rate limit'));
          else resolve();
        },
        60_000,
      );
    });
}

interface Ctx<P extends RoutePath> {
  body: Body<P>;
  request: FastifyRequest;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const NUL = String.fromCharCode(0);
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not text: such strings are invalid (5). */
function hasBadText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes(NUL) || LONE_SURROGATE_RE.test(v);
  if (depth > 8 || v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => hasBadText(k, depth + 1) || hasBadText(x, depth + 1));
}

export function readBody(request: FastifyRequest): Record<string, unknown> {
  if (request.isMultipart()) throw new AppError(ReturnCode.BadRequest, 'multipart body on a JSON route');
  const raw = request.body;
  if (raw === undefined) return {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AppError(ReturnCode.BadRequest, 'body is not a JSON object');
  }
  if (hasBadText(raw)) throw new AppError(ReturnCode.ValidationFailed, 'NUL or unpaired surrogate in a string');
  return raw as Record<string, unknown>;
}

export function parseBody<P extends RoutePath>(path: P, raw: Record<string, unknown>, opts: RouteOptions): Body<P> {
  const schema = requestSchema(path);
  const result = schema.safeParse(raw);
  if (result.success) return result.data as Body<P>;
  const issues = result.error.issues;
  if (issues.some((i) => valueAt(raw, i.path) === undefined)) {
    throw new AppError(ReturnCode.MissingParameters, `missing ${issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  throw new AppError(opts.invalidCode?.(issues, raw) ?? ReturnCode.ValidationFailed, result.error.message);
}

/** Every reply leaves here: checked against the contract when config.checkReplies. */
function checked<P extends RoutePath>(app: FastifyInstance, path: P, reply: RouteReply<P>): RouteReply<P> {
  if (!app.config.checkReplies) return reply;
  const result = (routes[path].reply as z.ZodType).safeParse(reply);
  if (!result.success) throw new Error(`reply of ${path} breaks the contract: ${result.error.message}`);
  return reply;
}

type AuthOf<P extends RoutePath> = (typeof routes)[P] extends { auth: infer A } ? A : 'none';
/** The caller as the handler sees it: always known on `member` routes, maybe on `optional`, never on `none`. */
type MemberOf<P extends RoutePath> =
  AuthOf<P> extends 'member' | 'operator'
    ? AuthedMember
    : AuthOf<P> extends 'optional'
      ? AuthedMember | undefined
      : undefined;

/** Registers `path` with the auth its table entry names. */
export function defineRoute<P extends RoutePath>(
  app: FastifyInstance,
  path: P,
  handler: (ctx: Ctx<P> & { member: MemberOf<P> }) => Promise<RouteReply<P>>,
  opts: RouteOptions = {},
): void {
  const auth = routeAuth(path);
  const serialize = opts.compiledReply ? replySerializer(routes[path].reply as z.ZodType) : undefined;
  const limitMember = memberLimiter(app, path, opts);
  const idempotent = isIdempotentRoute(path);
  app.post(path, routeConfig(app, opts), async (request, reply) => {
    const done = (out: RouteReply<P>) => {
      const checkedOut = checked(app, path, out);
      if (serialize) reply.serializer(serialize);
      return checkedOut;
    };
    const raw = readBody(request);
    const key = idempotent ? idempotencyKeyOf(request) : undefined;
    let member: AuthedMember | undefined;
    if (auth === 'none') {
      const body = parseBody(path, raw, opts);
      return done(await handler({ body, request, member: undefined as MemberOf<P> }));
    }
    if (auth === 'operator') {
      // Ticket and allow-list before the body: a caller who is not an operator learns nothing of a console call.
      const ticket = pickTicket(raw.ticketId, request);
      if (typeof raw.id !== 'string' || raw.id.length === 0)
        throw new AppError(ReturnCode.MissingParameters, 'missing id');
      member = await app.authenticate({ id: raw.id, ticket });
      if (!app.config.operatorAddresses.has(member.address))
        throw new AppError(ReturnCode.NoAuthority, 'not an operator');
      await limitMember?.(member);
      const body = parseBody(path, { ...raw, ticketId: ticket }, opts);
      return done(await handler({ body, request, member: member as MemberOf<P> }));
    }
    // On `optional` routes the caller is known only when the body names them (`id`); the web may send its session
    // ticket as a header on every call, which alone does not make an anonymous call a logged-in one.
    const identified = auth === 'member' || (typeof raw.id === 'string' && raw.id.length > 0);
    const ticket = identified ? pickTicket(raw.ticketId, request) : undefined;
    const body = parseBody(path, ticket ? { ...raw, ticketId: ticket } : raw, opts);
    if (ticket) {
      const { id, address } = body as { id: string; address?: string };
      member = await app.authenticate({ id, ticket, address });
      await limitMember?.(member);
    }
    if (key && member) {
      const out = await runOnce(
        app,
        member.memberIdx,
        key,
        requestHash(path, body),
        async () => checked(app, path, await handler({ body, request, member: member as MemberOf<P> })),
        serialize ?? JSON.stringify,
      );
      // A repeat: the first answer as it was stored (JSON text, sent as is).
      if (typeof out === 'string') return reply.type('application/json; charset=utf-8').send(out);
      if (serialize) reply.serializer(serialize);
      return out;
    }
    return done(await handler({ body, request, member: member as MemberOf<P> }));
  });
}
