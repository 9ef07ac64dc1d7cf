/** The verification mail through a real SMTP server (smtp-server on a free port) and through the dev outbox. */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newWallet, signedBody, signUpFields, type TestApp } from '../../../test/helper';

describe('SMTP (SMTP_URL)', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await buildTestApp({
      realMailer: true,
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ATT <no-reply@att.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification mail with the link', async () => {
    const w = newWallet();
    const fields = signUpFields({ lang: 'en' });
    const r = await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
    expect(r.returnCode).toBe(0);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@att.test');
    expect(mail.to).toEqual([fields.email]);
    // Quoted-printable may wrap long lines: unfold soft breaks before looking for the link.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new RegExp(
      `http://localhost:8080/EmailVerify/${encodeURIComponent(fields.email as string)}/[A-Za-z0-9_-]{32}/${w.address}`,
    );
    expect(body).toMatch(link);
    const cert = body.match(link)![0].split('/').at(-2)!;
    const check = await t.post('/emailVerify/register/check', {
      ...(await signedBody(t, w)),
      email: fields.email,
      cert,
    });
    expect(check.returnCode).toBe(0);
  });

  it('answers 118 when the SMTP server refuses, and writes nothing', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(new Error('mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as AddressInfo;
    const t2 = await buildTestApp({ realMailer: true, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const w = newWallet();
      const r = await t2.post('/cert/email/register/request', { ...(await signedBody(t2, w)), ...signUpFields() });
      expect(r.returnCode).toBe(118);
      expect((await t2.post('/user/exist', { address: w.address })).returnCode).toBe(41);
    } finally {
      await t2.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('dev outbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ realMailer: true });
  });
  afterAll(async () => t?.close());

  it('writes the mail as .eml and .json with the link', async () => {
    const w = newWallet();
    const fields = signUpFields();
    const r = await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
    expect(r.returnCode).toBe(0);
    const dir = path.join(t.dataDir, 'outbox');
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const json = JSON.parse(
      await readFile(
        path.join(
          dir,
          files.find((f) => f.endsWith('.json'))!,
        ),
        'utf8',
      ),
    ) as {
      to: string;
      link: string;
      subject: string;
    };
    expect(json.to).toBe(fields.email);
    expect(json.subject).toContain('이메일');
    expect(json.link).toMatch(new RegExp(`^http://localhost:8080/EmailVerify/.+/${w.address}$`));
    const eml = await readFile(
      path.join(
        dir,
        files.find((f) => f.endsWith('.eml'))!,
      ),
      'utf8',
    );
    expect(eml).toContain(`To: ${fields.email}`);
  });
});
