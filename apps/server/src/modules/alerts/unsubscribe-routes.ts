/**
 * An alert mail's unsubscribe link: `GET ${UNSUBSCRIBE_PATH}?token=` shows a page, in the member's
 * language, with one button; the button (a form POST to the same address) turns the member's flagEmail off without a
 * sign-in. A GET changes nothing, so a mail scanner that follows links unsubscribes nobody; a mail client's one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click`) POSTs the same address. The token is
 * random and only its SHA-256 is stored (alerts.mail writes it); an unknown one gets 404 and changes nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { repositoryOf } from '../../platform/db/repository';
import { escapeHtml } from '../../platform/mail/mail';
import { sha256 } from '../../platform/secrets';
import { membersRepo } from '../accounts';
import { UNSUBSCRIBE_PATH } from './alert-mail';
import { createOutboxRepository } from './outbox-repository';

const outbox = repositoryOf(createOutboxRepository);

const PAGES = {
  ko: {
    title: '이메일 알림 받지 않기',
    ask: '이 주소로 보내는 이메일 알림을 더 이상 받지 않으시겠습니까? 사이트의 실시간 알림은 그대로 받습니다.',
    button: '이메일 알림 끄기',
    done: '이메일 알림을 껐습니다. 프로필의 알림 설정에서 언제든 다시 켤 수 있습니다.',
    invalid: '유효하지 않은 링크입니다.',
    home: '홈으로',
  },
  en: {
    title: 'Stop e-mail alerts',
    ask: 'Stop e-mail alerts to this address? Alerts on the site are not affected.',
    button: 'Turn e-mail alerts off',
    done: "E-mail alerts are off. You can turn them on again in your profile's notification settings.",
    invalid: 'This link is not valid.',
    home: 'Home',
  },
} as const;
type Lang = keyof typeof PAGES;

function page(lang: Lang, body: string): string {
  const t = PAGES[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head><body><main><h1>${escapeHtml(t.title)}</h1>${body}<p><a href="/">${escapeHtml(t.home)}</a></p></main></body></html>`;
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export default async function unsubscribeRoutes(app: FastifyInstance) {
  // A browser's form and a mail client's one-click POST send form bodies; the token is read from the query.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  const langOf = async (address: string): Promise<Lang> =>
    (await membersRepo(app.db).findByAddress(address))?.lang === 'en' ? 'en' : 'ko';
  const reply = (r: FastifyReply, status: number, html: string) =>
    r.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  app.get<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_PATH, async (req, r) => {
    const token = typeof req.query.token === 'string' && TOKEN.test(req.query.token) ? req.query.token : undefined;
    const address = token && (await outbox(app.db).unsubscribeAddress(sha256(token)));
    if (!token || !address)
      return reply(
        r,
        404,
        page('ko', `<p>${escapeHtml(PAGES.ko.invalid)}</p><p lang="en">${escapeHtml(PAGES.en.invalid)}</p>`),
      );
    const lang = await langOf(address);
    const t = PAGES[lang];
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return reply(
      r,
      200,
      page(
        lang,
        `<p>${escapeHtml(t.ask)}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.button)}</button></form>`,
      ),
    );
  });

  app.post<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_PATH, async (req, r) => {
    const token = typeof req.query.token === 'string' && TOKEN.test(req.query.token) ? req.query.token : undefined;
    const now = app.now();
    const address = token && (await outbox(app.db).unsubscribeAddress(sha256(token), now));
    if (!token || !address)
      return reply(
        r,
        404,
        page('ko', `<p>${escapeHtml(PAGES.ko.invalid)}</p><p lang="en">${escapeHtml(PAGES.en.invalid)}</p>`),
      );
    await membersRepo(app.db).turnOffAlertMail(address, now);
    const lang = await langOf(address);
    return reply(r, 200, page(lang, `<p>${escapeHtml(PAGES[lang].done)}</p>`));
  });
}
