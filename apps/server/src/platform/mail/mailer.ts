/**
 * Mail: nodemailer over SMTP when SMTP_URL is set; otherwise the dev outbox (each mail written to
 * `${DATA_DIR}/outbox` as .eml plus a .json summary, and logged). `app.mailer.send(mail)` rejects on failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { newFileStem } from '../secrets';
import type { Mail } from './mail';
import { systemClock } from '../clock';

export interface Mailer {
  send(mail: Mail & { meta?: Record<string, string> }): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

export function outboxMailer(
  dir: string,
  from: string,
  log: (line: string, meta: object) => void,
  now: () => Date = systemClock,
): Mailer {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const info = await stream.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      const stem = `${now().toISOString().replace(/[:.]/g, '-')}-${newFileStem().slice(0, 8)}`;
      await writeFile(path.join(dir, `${stem}.eml`), info.message as Buffer);
      const summary = { from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.meta ?? {}) };
      await writeFile(path.join(dir, `${stem}.json`), `${JSON.stringify(summary, null, 2)}\n`);
      log(`dev outbox: mail to ${mail.to} written to ${path.join(dir, `${stem}.eml`)}`, mail.meta ?? {});
      // The dev outbox is for running locally: print the link whatever the log level is.
      if (mail.meta?.link) process.stdout.write(`[dev outbox] mail to ${mail.to}: ${mail.meta.link}\n`);
    },
    close: () => stream.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ mailer?: Mailer }>(
  async (app, opts) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer =
      opts.mailer ??
      (smtpUrl
        ? smtpMailer(smtpUrl, mailFrom)
        : outboxMailer(path.join(dataDir, 'outbox'), mailFrom, (line, meta) => app.log.info(meta, line), app.now));
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['app-config'] },
);
