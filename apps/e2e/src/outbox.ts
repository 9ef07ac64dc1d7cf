import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Waits for a mail to `email` in the dev outbox and returns its verification link. */
export async function waitForVerificationLink(outboxDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const linkRe = /https?:\/\/[^\s"'<>\\]+\/EmailVerify\/[^/\s"'<>\\]+\/[^/\s"'<>\\]+\/0x[0-9a-fA-F]{40}/;
  while (Date.now() < deadline) {
    if (existsSync(outboxDir)) {
      const files = readdirSync(outboxDir)
        .map((f) => path.join(outboxDir, f))
        .filter((f) => statSync(f).isFile())
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      for (const file of files) {
        const text = readFileSync(file, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!text.includes(email) && !text.includes(encodeURIComponent(email))) continue;
        const m = linkRe.exec(text);
        if (m) return m[0].replace(/&amp;/g, '&');
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email} in ${outboxDir}`);
}
