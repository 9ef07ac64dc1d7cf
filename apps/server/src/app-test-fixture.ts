/** One app on a fresh database for a whole test file, a logged-in member, and `raw` to send it any body. */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../test/helper';

export let t: TestApp;
export let member: Awaited<ReturnType<typeof loggedIn>>;

/** Builds the app and logs a member in before the file's tests; closes the app after them. */
export function setUpApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    member = await loggedIn(t);
  });
  afterAll(async () => t?.close());
}

export async function raw(
  url: string,
  payload: string | Buffer | undefined,
  headers: Record<string, string> = {},
  method: 'POST' | 'GET' = 'POST',
) {
  const res = await t.app.inject({ method, url, payload, headers });
  return { statusCode: res.statusCode, body: res.body, headers: res.headers };
}
