/**
 * Registers one endpoint of the shared `routes` table: POST JSON, body parsed with the shared request schema,
 * the handler's reply returned as is (and checked against the shared reply schema when config.checkReplies).
 *
 * Body rules: absent body = {}; a body that is not a JSON object -> 3; a required field missing -> 6; any other
 * schema failure -> 5 (or what the route's `invalidCode` says, e.g. 47 for agreeAge false).
 * Logged-in routes (`auth` member or operator) check the ticket before the schema, so a call without one gets 27.
 */
import { ReturnCode, routes, type ReturnCodeValue, type RoutePath, type RouteReply } from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { authenticate, pickTicket, type AuthedMember } from './auth';

type Body<P extends RoutePath> = z.output<(typeof routes)[P]['request']>;
type Issue = z.core.$ZodIssue;

/** Who may call a route: anyone, a logged-in member, or a logged-in operator (OPERATOR_ADDRESSES). */
export type RouteAuth = 'none' | 'member' | 'operator';

interface RouteOptions<A extends RouteAuth = RouteAuth> {
  /** Code for a schema failure that is not a missing field; undefined falls back to 5. */
  invalidCode?: (issues: readonly Issue[], raw: Record<string, unknown>) => ReturnCodeValue | undefined;
  /** Default 'none'. */
  auth?: A;
}

interface Ctx<P extends RoutePath> {
  body: Body<P>;
  request: FastifyRequest;
}
type CtxFor<P extends RoutePath, A extends RouteAuth> = Ctx<P> & (A extends 'none' ? unknown : { member: AuthedMember });

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
  const schema = routes[path].request as z.ZodType;
  const result = schema.safeParse(raw);
  if (result.success) return result.data as Body<P>;
  const issues = result.error.issues;
  if (issues.some((i) => valueAt(raw, i.path) === undefined)) {
    throw new AppError(ReturnCode.MissingParameters, `missing ${issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  throw new AppError(opts.invalidCode?.(issues, raw) ?? ReturnCode.ValidationFailed, result.error.message);
}

function checked<P extends RoutePath>(app: FastifyInstance, path: P, reply: RouteReply<P>): RouteReply<P> {
  if (!app.config.checkReplies) return reply;
  const result = (routes[path].reply as z.ZodType).safeParse(reply);
  if (!result.success) throw new Error(`reply of ${path} breaks the contract: ${result.error.message}`);
  return reply;
}

/**
 * An endpoint of the routes table. `auth: 'member'`: `id` + ticket (body `ticketId` or Bearer header) checked
 * (27/28/29/43/44) after the body schema. `auth: 'operator'`: the ticket is checked first, before the body
 * schema, then the wallet must be on the operator allow-list (2), so nothing about a console call's body is
 * told to a caller who is not an operator.
 */
export function defineRoute<P extends RoutePath, A extends RouteAuth = 'none'>(
  app: FastifyInstance,
  path: P,
  handler: (ctx: CtxFor<P, A>) => Promise<RouteReply<P>>,
  opts: RouteOptions<A> = {},
): void {
  const auth: RouteAuth = opts.auth ?? 'none';
  app.post(path, async (request) => {
    const raw = readBody(request);
    if (auth === 'none') {
      const body = parseBody(path, raw, opts);
      return checked(app, path, await handler({ body, request } as CtxFor<P, A>));
    }
    const ticket = pickTicket(raw.ticketId, request);
    let member: AuthedMember | undefined;
    if (auth === 'operator') {
      if (typeof raw.id !== 'string' || raw.id.length === 0) throw new AppError(ReturnCode.MissingParameters, 'missing id');
      member = await authenticate(app, { id: raw.id, ticket });
      if (!app.config.operatorAddresses.has(member.address)) {
        throw new AppError(ReturnCode.NoAuthority, 'not an operator');
      }
    }
    const body = parseBody(path, { ...raw, ticketId: ticket }, opts);
    if (!member) {
      const { id, address } = body as { id: string; address?: string };
      member = await authenticate(app, { id, ticket, address });
    }
    return checked(app, path, await handler({ body, request, member } as CtxFor<P, A>));
  });
}

/** A logged-in endpoint: `defineRoute` with `auth: 'member'`. */
export function defineAuthedRoute<P extends RoutePath>(
  app: FastifyInstance,
  path: P,
  handler: (ctx: Ctx<P> & { member: AuthedMember }) => Promise<RouteReply<P>>,
  opts: Omit<RouteOptions, 'auth'> = {},
): void {
  defineRoute(app, path, handler, { ...opts, auth: 'member' });
}
