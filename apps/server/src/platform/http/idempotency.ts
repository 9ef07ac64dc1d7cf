/**
 * Money calls (routes marked `idempotent` in the shared table) with an `Idempotency-Key` header run once per
 * member and key: the first request claims the key with one conditional INSERT, runs, and stores its answer; a
 * repeat with the same body gets that answer again (same returnCode and data) and changes nothing; the same key
 * with another body (or another route) gets 13. A repeat that arrives while the first still runs waits for its answer, polling
 * the row with a short backoff and never inside a transaction (on PGlite there is one connection), for at most
 * IDEMPOTENCY_WAIT_MS; then it gets 13 ("still running").
 *
 * What is stored: a success and a refusal with its returnCode alike (a repeat is refused the same way). Not stored:
 * an unexpected failure (101) or a "try again later" code: the key is released and a retry runs afresh.
 * Failure mode: an instance that dies between its effect and storing the answer leaves a claim without an answer;
 * a repeat of that key gets 13 until the key expires (the member's next action has a new key).
 * The table is the accounts module's (a key belongs to a member); it decorates `app.idempotencyKeys`.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_RE, ReturnCode } from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../secrets';
import { AppError, isAppError } from './app-error';

/** How long a key is kept (its answer replayed) after its first use. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer before it gets 13. */
export const IDEMPOTENCY_WAIT_MS = 30_000;

export interface IdempotencyRow {
  requestHash: string;
  /** The answer as sent; null while the first request runs. */
  reply: string | null;
  expiresAt: Date;
}

/** The store of keys (the accounts module's repository). */
export interface IdempotencyStore {
  /** Inserts the claim unless the member already holds the key; true when this call made the row. */
  claim(memberIdx: number, key: string, requestHash: string, now: Date, expiresAt: Date): Promise<boolean>;
  read(memberIdx: number, key: string): Promise<IdempotencyRow | undefined>;
  /** Stores the answer of a claimed key. */
  finish(memberIdx: number, key: string, reply: string): Promise<void>;
  /** Drops a claim without an answer (or an expired row) so that the next request runs. */
  release(memberIdx: number, key: string, onlyExpiredAt?: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyKeys: IdempotencyStore;
  }
}

/** Codes that mean "not done, try again": their answer is not kept. */
const RETRYABLE = new Set<number>([
  ReturnCode.ServerError,
  ReturnCode.Maintenance,
  ReturnCode.Busy,
  ReturnCode.ApiLimited,
  ReturnCode.RetryLater,
  ReturnCode.Timeout,
]);

/** The request's key, undefined without the header; 3 when it is not 1-128 printable characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw)) {
    throw new AppError(ReturnCode.BadRequest, `${IDEMPOTENCY_KEY_HEADER} must be 1-128 printable characters`);
  }
  return raw;
}

/** JSON with sorted keys (the hash must not depend on the order a client wrote its fields in). */
function canonical(v: unknown): string {
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  return `{${entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
    .join(',')}}`;
}

/** The hash a key is bound to: the route and the parsed body, without the ticket (it may come as a header). */
export function requestHash(path: string, body: object): string {
  const { ticketId: _ticket, ...rest } = body as Record<string, unknown>;
  return sha256(`${path}\n${canonical(rest)}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function replayOrRefuse(row: IdempotencyRow, hash: string): string | undefined {
  if (row.requestHash !== hash) {
    throw new AppError(ReturnCode.EarlierRequestExists, `this ${IDEMPOTENCY_KEY_HEADER} was used for another request`);
  }
  return row.reply ?? undefined;
}

/**
 * Runs `handler` once for (member, key, hash): its answer, or the first request's answer as sent (a string).
 * `run` returns the reply object, stored as `toText` writes it (the route's serializer); a thrown AppError with a
 * code that is not retryable is stored as its answer.
 */
export async function runOnce<R>(
  app: FastifyInstance,
  memberIdx: number,
  key: string,
  hash: string,
  run: () => Promise<R>,
  toText: (reply: R) => string = JSON.stringify,
): Promise<R | string> {
  const store = app.idempotencyKeys;
  const deadline = performance.now() + IDEMPOTENCY_WAIT_MS;
  let pause = 20;
  for (;;) {
    const now = app.now();
    if (await store.claim(memberIdx, key, hash, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS))) break;
    const row = await store.read(memberIdx, key);
    if (!row) continue; // released by a failed first request since the claim: claim it now
    if (row.expiresAt <= now) {
      await store.release(memberIdx, key, now);
      continue;
    }
    const replay = replayOrRefuse(row, hash);
    if (replay !== undefined) return replay;
    if (performance.now() >= deadline) {
      throw new AppError(
        ReturnCode.EarlierRequestExists,
        `an earlier request with this ${IDEMPOTENCY_KEY_HEADER} is still running`,
      );
    }
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
  let out: R;
  try {
    out = await run();
  } catch (err) {
    if (isAppError(err) && !RETRYABLE.has(err.returnCode)) {
      await store.finish(memberIdx, key, JSON.stringify({ returnCode: err.returnCode }));
    } else {
      await store
        .release(memberIdx, key)
        .catch((e: unknown) => app.log.error({ err: e }, 'idempotency key not released'));
    }
    throw err;
  }
  const code = (out as { returnCode?: number }).returnCode;
  if (typeof code === 'number' && RETRYABLE.has(code)) await store.release(memberIdx, key);
  else await store.finish(memberIdx, key, toText(out));
  return out;
}
