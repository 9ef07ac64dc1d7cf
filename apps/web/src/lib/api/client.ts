/**
 * The one client of the server. Every call is POST JSON under API_BASE; the reply is parsed with the shared
 * schema. A network failure, an HTTP error or a reply that does not match the contract surfaces as 901.
 */
import '../zod-jitless';
import {
  API_BASE,
  ReturnCode,
  type RouteReply,
  type RoutePath,
  type RouteRequest,
  routes,
} from '@att/shared';
import type { z } from 'zod';
import { sessionStore } from '../session';
import { type UploadReply, uploadFile } from './upload';

export type ApiReply<P extends RoutePath> = RouteReply<P>;

function authHeader(body: unknown): Record<string, string> {
  const fromBody =
    body && typeof body === 'object' && 'ticketId' in body && typeof body.ticketId === 'string' ? body.ticketId : null;
  const ticket = fromBody ?? sessionStore.get().ticket;
  return ticket ? { Authorization: `Bearer ${ticket}` } : {};
}

export async function api<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<RouteReply<P>> {
  const schema = routes[path].reply as unknown as z.ZodType<RouteReply<P>>;
  try {
    const res = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeader(body) },
      body: JSON.stringify(body ?? {}),
    });
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
