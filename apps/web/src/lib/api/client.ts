/**
 * The one client of the server. Every call is POST JSON under API_BASE; the reply is parsed with the shared
 * schema. A network failure, an HTTP error or a reply that does not match the contract surfaces as 901.
 * A money call (`idempotent` in the route table) carries an `Idempotency-Key` (the caller's action key, else a new
 * one) and is re-sent with that same key when no answer came (the network failed, or the balancer said 502-504):
 * the server acts once and answers every re-send with its first answer.
 */
import '../zod-jitless';
import {
  API_BASE,
  IDEMPOTENCY_KEY_HEADER,
  isIdempotentRoute,
  ReturnCode,
  type RouteReply,
  type RoutePath,
  type RouteRequest,
  routes,
} from '@att/shared';
import type { z } from 'zod';
import { sessionStore } from '../session';
import { newIdempotencyKey } from './idempotency-key';
import { type UploadReply, uploadFile } from './upload';

export type ApiReply<P extends RoutePath> = RouteReply<P>;

function authHeader(body: unknown): Record<string, string> {
  const fromBody =
    body && typeof body === 'object' && 'ticketId' in body && typeof body.ticketId === 'string' ? body.ticketId : null;
  const ticket = fromBody ?? sessionStore.get().ticket;
  return ticket ? { Authorization: `Bearer ${ticket}` } : {};
}

export interface ApiOptions {
  /** The member action's key on a money call (one per action; a new one when absent). */
  idempotencyKey?: string;
}

/** Pauses before each re-send of a money call that got no answer. */
export const MONEY_RESEND_DELAYS_MS = [300, 1000];
const NO_ANSWER = new Set([502, 503, 504]);

type Sent = { res: Response } | { error: unknown };

async function send(path: string, init: RequestInit, resend: readonly number[]): Promise<Sent> {
  for (let attempt = 0; ; attempt++) {
    let sent: Sent;
    try {
      sent = { res: await fetch(`${API_BASE}${path}`, init) };
    } catch (error) {
      sent = { error };
    }
    const answered = 'res' in sent && !NO_ANSWER.has(sent.res.status);
    if (answered || attempt >= resend.length) return sent;
    await new Promise((r) => setTimeout(r, resend[attempt]));
  }
}

export async function api<P extends RoutePath>(
  path: P,
  body: RouteRequest<P>,
  opts: ApiOptions = {},
): Promise<RouteReply<P>> {
  const schema = routes[path].reply as unknown as z.ZodType<RouteReply<P>>;
  const money = isIdempotentRoute(path);
  const key: Record<string, string> = money
    ? { [IDEMPOTENCY_KEY_HEADER]: opts.idempotencyKey ?? newIdempotencyKey() }
    : {};
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeader(body), ...key },
    body: JSON.stringify(body ?? {}),
  };
  try {
    const sent = await send(path, init, money ? MONEY_RESEND_DELAYS_MS : []);
    if ('error' in sent) throw sent.error;
    const { res } = sent;
    if (!res.ok) {
      console.error(`[api] ${path}: HTTP ${res.status}`);
      return { returnCode: ReturnCode.HttpTrouble } as RouteReply<P>;
    }
    const json: unknown = await res.json();
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      console.error(`[api] ${path}: reply does not match the contract`, parsed.error);
      return { returnCode: ReturnCode.HttpTrouble } as RouteReply<P>;
    }
    return parsed.data;
  } catch (err) {
    console.error(`[api] ${path}: network failure`, err);
    return { returnCode: ReturnCode.HttpTrouble } as RouteReply<P>;
  }
}

export type UploadKind = 'profile' | 'banner';
export type { UploadReply };

/** Profile or banner image of the member: /user/upload/{kind}/{id} (ticket as Bearer), with progress in percent. */
export function uploadUserImage(
  kind: UploadKind,
  auth: { id: string; ticket: string },
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<UploadReply> {
  return uploadFile({ kind, auth, file, onProgress });
}
