import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UI_TIMEOUT } from './harness';

/** Waits for a mail to `email` in the dev outbox and returns its verification link. */
export async function waitForVerificationLink(
  outboxDir: string,
  email: string,
  timeoutMs = UI_TIMEOUT,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const linkRe = /https?:\/\/[^\s"'<>\\]+\/EmailVerify\/[^/\s"'<>\\]+\/[^/\s"'<>\\]+\/0x[0-9a-fA-F]{40}/;
  while (Date.now() < deadline) {
    if (existsSync(outboxDir)) {
      const files = readdirSync(outboxDir)
        .map((f) => path.join(outboxDir, f))
        .filter((f) => statSync(f).isFile())
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      for (const file of files) {
        const text = readFileSync(file, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!text.includes(email) && !text.includes(encodeURIComponent(email))) continue;
        const m = linkRe.exec(text);
        if (m) return m[0].replace(/&amp;/g, '&');
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email} in ${outboxDir}`);
}

/** Every verification link mailed to `email` so far, oldest first (from the outbox's .json summaries). */
export function verificationLinks(outboxDir: string, email: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort() // the file names begin with an ISO timestamp
    .flatMap((f) => {
      const mail = JSON.parse(readFileSync(path.join(outboxDir, f), 'utf8')) as { to?: string; link?: string };
      return mail.to === email && mail.link ? [mail.link] : [];
    });
}

/** Waits until `count` verification links have been mailed to `email`; returns them, oldest first. */
export async function waitForLinks(
  outboxDir: string,
  email: string,
  count: number,
  timeoutMs = UI_TIMEOUT,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = verificationLinks(outboxDir, email);
    if (links.length >= count) return links;
    if (Date.now() > deadline) throw new Error(`${links.length} of ${count} mails to ${email} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A mail's .json summary in the dev outbox (an alert mail's `template` and `page` come from its meta). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  template?: string;
  page?: string;
}

/** Every mail in the dev outbox so far, oldest first. */
export function outboxMails(outboxDir: string): OutboxMail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort() // the file names begin with an ISO timestamp
    .map((f) => JSON.parse(readFileSync(path.join(outboxDir, f), 'utf8')) as OutboxMail);
}

/** Waits for the first mail in the dev outbox that `match` accepts. */
export async function waitForMail(
  outboxDir: string,
  match: (m: OutboxMail) => boolean,
  timeoutMs = UI_TIMEOUT,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = outboxMails(outboxDir).find(match);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no such mail in ${outboxDir} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
