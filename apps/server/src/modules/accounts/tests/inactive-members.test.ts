/**
 * Inactive members (`accounts.inactive`): 30 days before a year without a sign-in the member is mailed a notice once
 * (the dev outbox, in their language); at a year their e-mail, about-me and pictures move to `inactive_members` and
 * leave the live row, and their profile shows them inactive with none of it; the next sign-in restores it before the
 * reply; the operator's switch off stops it all; two runs at once mail and move each member once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { INACTIVE_AFTER_DAYS, INACTIVE_NOTICE_DAYS, ReturnCode, type FrontConfig, type PublicUser } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  loggedIn,
  memberIdxOf,
  newWallet,
  signedBody,
  signUpFields,
  type TestApp,
} from '../../../../test/helper';
import { keepInactiveMembersApart } from '../inactive-members';

const DAY = 86_400_000;
let offsetMs = 0;
let t: TestApp;
const opWallet = newWallet();

beforeAll(async () => {
  t = await buildTestApp({
    realMailer: true,
    config: { operatorAddresses: new Set([opWallet.address]) },
    deps: { autoStartJobs: false, now: () => new Date(Date.now() + offsetMs) },
  });
  // The real dev outbox writes every mail; sign-up's verification links are read from the capture as well.
  const send = t.app.mailer.send.bind(t.app.mailer);
  t.app.mailer.send = async (mail) => {
    t.mails.push(mail);
    return send(mail);
  };
  await loggedIn(t, opWallet);
});
afterAll(async () => t?.close());

/** Moves the clock `days` on (a bit more, so a boundary is passed). */
const advance = (days: number) => {
  offsetMs += days * DAY + 60_000;
};
const runJob = () => t.app.jobs.runNow('accounts.inactive');

/** The notices in the dev outbox to this address. */
async function noticesTo(email: string) {
  const dir = path.join(t.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Record<string, string>),
  );
  return mails.filter((m) => m.template === 'inactive-notice' && m.to === email);
}

const memberRow = (memberIdx: number) =>
  t.db
    .selectFrom('members')
    .select(['email', 'about_me', 'inactive_at', 'flag_email'])
    .where('member_idx', '=', memberIdx)
    .executeTakeFirstOrThrow();
const keptRow = (memberIdx: number) =>
  t.db.selectFrom('inactive_members').selectAll().where('member_idx', '=', memberIdx).executeTakeFirst();
const profile = async (id: string) => (await t.post('/user/info/id', { userId: id })).body.data as PublicUser;

/** The operator signs in (their ticket of long ago has expired) and sets the switch. */
async function setSwitch(on: boolean) {
  const auth = (await t.post('/ticket/request', await signedBody(t, opWallet))).body.data as object;
  expect((await t.post('/admin/config/inactive', { ...auth, on })).returnCode).toBe(0);
}

describe('inactive members', () => {
  it('are told 30 days before, once, in their language; moved at a year; restored at sign-in', async () => {
    const ko = await loggedIn(t, newWallet(), { lang: 'ko', aboutMe: '안녕하세요 저는 수집가' });
    const en = await loggedIn(t, newWallet(), { lang: 'en', aboutMe: 'collector of things' });
    const koIdx = await memberIdxOf(t, ko);
    advance(INACTIVE_AFTER_DAYS - INACTIVE_NOTICE_DAYS - 2);
    await runJob();
    expect(await noticesTo(ko.email)).toHaveLength(0);

    advance(2);
    await runJob();
    await runJob();
    const [koNotice] = await noticesTo(ko.email);
    const enNotices = await noticesTo(en.email);
    expect(koNotice?.subject).toBe('[ATT NFT 마켓] 휴면 회원 전환 안내');
    expect(koNotice?.text).toContain(`${ko.id}님, 안녕하세요.`);
    expect(koNotice?.text).toContain('분리하여 보관합니다');
    expect(enNotices.map((m) => m.subject)).toEqual(['[ATT NFT Market] Your account is about to become inactive']);
    expect(await noticesTo(ko.email)).toHaveLength(1);
    // Told, not yet moved.
    expect((await memberRow(koIdx)).email).toBe(ko.email);

    advance(INACTIVE_NOTICE_DAYS);
    await runJob();
    const live = await memberRow(koIdx);
    expect(live.inactive_at).not.toBeNull();
    expect(live.email).not.toContain(ko.email.split('@')[0]!);
    expect(live.about_me).toBe('');
    expect(await keptRow(koIdx)).toMatchObject({ email: ko.email, about_me: '안녕하세요 저는 수집가' });
    const shown = await profile(ko.id);
    expect(shown).toMatchObject({ id: ko.id, inactive: true, aboutMe: '', profile: null, banner: null });
    expect(JSON.stringify(shown)).not.toContain(ko.email);
    expect(await noticesTo(ko.email)).toHaveLength(1);
    // Their e-mail stays theirs while it is kept apart.
    const other = await t.post('/cert/email/register/request', {
      ...(await signedBody(t, newWallet())),
      ...signUpFields({ email: ko.email }),
    });
    expect(other.returnCode).toBe(ReturnCode.EmailExists);

    // The next sign-in restores it, before the reply.
    const back = await t.post('/ticket/request', await signedBody(t, ko.wallet));
    expect(back.returnCode).toBe(0);
    expect(await memberRow(koIdx)).toMatchObject({
      email: ko.email,
      about_me: '안녕하세요 저는 수집가',
      inactive_at: null,
    });
    expect(await keptRow(koIdx)).toBeUndefined();
    expect((await profile(ko.id)).inactive).toBeUndefined();
    const auth = back.body.data as { id: string; ticketId: string };
    expect(((await t.post('/user/info', auth)).body.data as { email: string }).email).toBe(ko.email);

    // The year starts again from that sign-in: a rerun now neither mails nor moves them.
    await runJob();
    expect(await noticesTo(ko.email)).toHaveLength(1);
    expect((await memberRow(koIdx)).inactive_at).toBeNull();
  });

  it('does nothing while the operator has it off, and the web is told', async () => {
    const m = await loggedIn(t, newWallet());
    const idx = await memberIdxOf(t, m);
    await setSwitch(false);
    try {
      expect(((await t.post('/config/front', {})).body.data as FrontConfig).inactiveMembers).toBe(false);
      advance(INACTIVE_AFTER_DAYS + INACTIVE_NOTICE_DAYS);
      await runJob();
      expect(await noticesTo(m.email)).toHaveLength(0);
      expect(await memberRow(idx)).toMatchObject({ email: m.email, inactive_at: null });
    } finally {
      await setSwitch(true);
    }
    expect(((await t.post('/config/front', {})).body.data as FrontConfig).inactiveMembers).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'config.inactiveMembers')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('two runs at once mail each member once and move each once', async () => {
    const members = [];
    for (let i = 0; i < 3; i++) members.push(await loggedIn(t, newWallet()));
    const deps = { db: t.db, mailer: t.app.mailer, config: t.config, log: t.app.log };
    const twice = async () => {
      const now = t.app.now();
      return {
        now,
        runs: await Promise.all([keepInactiveMembersApart(deps, now), keepInactiveMembersApart(deps, now)]),
      };
    };
    advance(INACTIVE_AFTER_DAYS - INACTIVE_NOTICE_DAYS);
    await twice();
    for (const m of members) expect(await noticesTo(m.email)).toHaveLength(1);
    advance(INACTIVE_NOTICE_DAYS);
    const { now, runs } = await twice();
    const idxs = await Promise.all(members.map((m) => memberIdxOf(t, m)));
    // Between them the two runs moved each member once (others aged with the clock too).
    const movedNow = await t.db
      .selectFrom('inactive_members')
      .select('member_idx')
      .where('moved_at', '=', now)
      .execute();
    expect(runs[0]!.moved + runs[1]!.moved).toBe(movedNow.length);
    expect(movedNow.map((r) => r.member_idx)).toEqual(expect.arrayContaining(idxs));
    for (const [i, idx] of idxs.entries()) {
      expect(await keptRow(idx)).toMatchObject({ email: members[i]!.email });
      expect((await memberRow(idx)).email).not.toBe(members[i]!.email);
    }
    for (const m of members) expect(await noticesTo(m.email)).toHaveLength(1);
  });
});
