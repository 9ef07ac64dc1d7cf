/**
 * Referral rewards, in Chromium against the real stack (anvil, contracts, indexer), in Korean
 * (1280 px) and English (390 px): the referrer's own profile shows their share link (`?ref=`) and an empty ledger;
 * a newcomer opens that link, signs up in the browser (wallet, sign-up popup, the mail's link), buys an item for
 * 2 ATT (reserved through the API, `buyNft` sent from node as the buy popup's wallet would); the referrer's
 * Referral tab shows 1 % of it; the payout job (run through the stack's in-process hook, the same `runNow` the
 * hourly runner calls) pays it once from the payout wallet, the tab shows the payout with its transaction, and a
 * second run pays nothing more; the tab has nothing wider than the phone and no serious axe finding. Then the
 * referrer picks the other language in the header, and the same tab is checked at the same width: so the tab is
 * seen in all four of Korean and English at 1280 and 390 px (ko 1280 -> en 1280; en 390 -> ko 390).
 */
import { attAbi, buyNftCall, listingFromWire, reservationFromWire } from '@att/contracts';
import { API_BASE, PayoutState, type SiweParams } from '@att/shared';
import { signInMessage } from '@att/shared/api/sign-in-message';
import { createWalletClient, http, maxUint256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectInjected, loginState, poll, useStackAndBrowser } from '../src/harness';
import { waitForVerificationLink } from '../src/outbox';
import { axeViolations, type KnownAxe, widthProblems } from '../src/page-checks';
import { MEMBERS, TOKEN, tradeJourney, view, type Who } from '../src/trade-members';
import { TestWallet } from '../src/wallet';

const ctx = useStackAndBrowser();
/** The header's language trigger and wallet button, fixed on another branch (every-route.spec.ts lists them too). */
const KNOWN_AXE: KnownAxe = [
  ['label-content-name-mismatch', '.site-header .lang-trigger'],
  ['label-content-name-mismatch', '.site-header .wallet-button'],
];
const { api, nodeSignIn, publish, listLazily, chain, open, goto } = tradeJourney(ctx);

const TEXTS = {
  ko: {
    empty: '아직 추천 보상 내역이 없습니다.',
    terms: '판매자나 창작자의 몫에서는 절대 차감되지 않습니다',
    paid: '지급 완료',
  },
  en: { empty: 'No referral rewards yet.', terms: "never from the seller's or creator's share", paid: 'Paid' },
} as const;

const journeys = [
  { lang: 'ko' as const, width: 1280, referrer: 'A' as Who, newcomer: 1 },
  { lang: 'en' as const, width: 390, referrer: 'C' as Who, newcomer: 2 },
];

describe.each(journeys)('referral ($lang, $width px)', ({ lang, width, referrer, newcomer }) => {
  it("a referred member's purchase shows in the referrer's earnings and the payout job pays it once", async () => {
    const tag = `referral-${lang}-${width}`;
    const code = MEMBERS[referrer].name;
    const r = await open(referrer, lang, width);
    const key = ctx.stack.devAccounts[newcomer]!.privateKey;
    const bContext = await ctx.browser.newContext({ viewport: { width, height: 900 } });
    await bContext.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
    const b = await bContext.newPage();
    const wallet = new TestWallet(b, {
      privateKey: key,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: ctx.stack.deployment.chainId,
    });
    await wallet.install();
    try {
      // ---- The referrer's tab: the share link with their code, nothing earned yet, the terms ----
      await goto(r, '/MyProfile/Referral');
      await r.page.getByTestId('referral-empty').waitFor({ timeout: 30_000 });
      expect(await r.page.getByTestId('referral-empty').textContent()).toBe(TEXTS[lang].empty);
      expect(await r.page.getByTestId('referral-terms').textContent()).toContain(TEXTS[lang].terms);
      const link = (await r.page.getByTestId('referral-link').textContent())!;
      expect(new URL(link).searchParams.get('ref')).toBe(code);
      await snap(r.page, `${tag}-1-referrer-empty`);

      // ---- The newcomer opens the link and signs up in the browser ----
      await b.goto(link);
      await loginState(b, 'loggedOut');
      await connectInjected(b);
      await b.getByTestId('signup-popup').waitFor();
      const name = `ref_${lang}_${Date.now() % 100000}`;
      const email = `${name}@example.com`;
      await b.getByTestId('signup-username').fill(name);
      await b.getByTestId('signup-email').fill(email);
      await b.getByTestId('signup-agree-age').check();
      await b.getByTestId('signup-agree-terms').check();
      await b.getByTestId('signup-agree-privacy').check();
      await b.getByTestId('signup-submit').click();
      await b.getByTestId('mail-sent-popup').waitFor({ timeout: 30_000 });
      await b.goto(await waitForVerificationLink(ctx.stack.outboxDir, email));
      await b.getByTestId('email-verify-button').click();
      await b.getByTestId('signup-complete').waitFor({ timeout: 30_000 });
      const address = privateKeyToAccount(key).address.toLowerCase();
      const member = await ctx.stack.db
        .selectFrom('members')
        .select(['referrer_member_idx'])
        .where('address', '=', address)
        .executeTakeFirstOrThrow();
      const referrerRow = await ctx.stack.db
        .selectFrom('members')
        .select(['member_idx', 'address'])
        .where('user_name', '=', code)
        .executeTakeFirstOrThrow();
      expect(member.referrer_member_idx).toBe(referrerRow.member_idx);
      expect(await b.evaluate(() => localStorage.getItem('att.referral'))).toBeNull();

      // ---- The newcomer buys an item for 2 ATT ----
      const aAuth = await nodeSignIn('A');
      const item = await publish(aAuth, 1, `ref-${lang}`);
      const instanceId = await listLazily(aAuth, item, { quantity: 1, price: 2n * TOKEN, supply: 1, symbol: 'ATT' });
      await buyAs(key, instanceId);

      // ---- The referrer's tab shows 1 % of it (once the indexer and the accrual job have seen the sale) ----
      const accrued = () =>
        ctx.stack.db
          .selectFrom('referral_accruals')
          .select('amount')
          .where('referrer_member_idx', '=', referrerRow.member_idx)
          .execute();
      await poll(async () => (await accrued()).map((a) => a.amount)).toEqual([((2n * TOKEN) / 100n).toString()]);
      await r.page.reload();
      await r.page.getByTestId('referral-accrual').waitFor({ timeout: 30_000 });
      expect(await r.page.getByTestId('referral-ATT-accrued').textContent()).toBe('0.02 ATT');
      expect(await r.page.getByTestId('referral-ATT-balance').textContent()).toBe('0.02 ATT');
      expect(await r.page.getByTestId('referral-count').textContent()).toContain('1');
      await snap(r.page, `${tag}-2-accrued`);

      // ---- The payout job pays it once, from the payout wallet ----
      const att = () =>
        chain().readContract({
          address: ctx.stack.deployment.att,
          abi: attAbi,
          functionName: 'balanceOf',
          args: [referrerRow.address as Hex],
        });
      const before = await att();
      await ctx.stack.runJob('referral.payouts');
      await ctx.stack.runJob('referral.payouts');
      expect((await att()) - before).toBe((2n * TOKEN) / 100n);
      const rows = await ctx.stack.db
        .selectFrom('referral_payouts')
        .select(['state', 'tx_hash'])
        .where('referrer_member_idx', '=', referrerRow.member_idx)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.state).toBe(PayoutState.Paid);
      await r.page.reload();
      const payout = r.page.getByTestId('referral-payout');
      await payout.waitFor({ timeout: 30_000 });
      expect(await payout.getAttribute('data-state')).toBe('paid');
      expect(await payout.textContent()).toContain(TEXTS[lang].paid);
      expect(await payout.getByTestId('referral-row-tx').getAttribute('data-testid')).toBe('referral-row-tx');
      expect(await payout.getByTestId('referral-row-tx').locator('[title]').getAttribute('title')).toBe(
        rows[0]!.tx_hash,
      );
      expect(await r.page.getByTestId('referral-ATT-paid').textContent()).toBe('0.02 ATT');
      expect(await r.page.getByTestId('referral-ATT-balance').textContent()).toBe('0 ATT');
      // Nothing wider than a phone, and axe finds nothing serious on the tab (the header's two known names aside,
      // as in every-route.spec.ts).
      expect(await widthProblems(r.page)).toEqual([]);
      expect(
        await axeViolations(
          r.page,
          ['heading-order', 'label-content-name-mismatch', 'color-contrast'],
          KNOWN_AXE,
          new Set(),
        ),
      ).toEqual([]);
      await snap(r.page, `${tag}-3-paid`);
      await view(r.page, `${tag}-3-paid-view`);

      // ---- The other language, chosen in the header, at the same width: the same earnings in its words ----
      const other = lang === 'ko' ? 'en' : 'ko';
      await r.page.getByTestId('lang-switch').click();
      await r.page.getByTestId(`lang-${other}`).click();
      await r.page.waitForFunction((l) => document.documentElement.lang === l, other);
      await r.page.waitForFunction(
        ([terms, paid]) =>
          document.querySelector('[data-testid="referral-terms"]')?.textContent?.includes(terms) &&
          document.querySelector('[data-testid="referral-payout"]')?.textContent?.includes(paid),
        [TEXTS[other].terms, TEXTS[other].paid] as const,
        { timeout: 30_000 },
      );
      expect(await r.page.getByTestId('referral-ATT-accrued').textContent()).toBe('0.02 ATT');
      expect(await r.page.getByTestId('referral-ATT-paid').textContent()).toBe('0.02 ATT');
      expect(await r.page.getByTestId('referral-ATT-balance').textContent()).toBe('0 ATT');
      expect(new URL((await r.page.getByTestId('referral-link').textContent())!).searchParams.get('ref')).toBe(code);
      expect(await widthProblems(r.page)).toEqual([]);
      await snap(r.page, `referral-${other}-${width}-4-paid`);
    } finally {
      await Promise.all([r.context.close(), bContext.close()]);
    }
  }, 300_000);
});

/** Signs in `key` from node, reserves the listing's piece and sends `buyNft` (approving ATT first). */
async function buyAs(key: Hex, instanceId: number) {
  const account = privateKeyToAccount(key);
  const post = async <T>(path: string, body: unknown) =>
    (await (
      await fetch(`${ctx.stack.url}${API_BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
  const nonce = await post<{ data: SiweParams }>('/ticket/nonce', { address: account.address.toLowerCase() });
  const message = signInMessage(account.address, nonce.data);
  const ticket = await post<{ returnCode: number; data: { id: string; ticketId: string } }>('/ticket/request', {
    authType: 2,
    address: account.address.toLowerCase(),
    message,
    signature: await account.signMessage({ message }),
  });
  expect(ticket.returnCode).toBe(0);
  type Wire = {
    listing: Parameters<typeof listingFromWire>[0];
    sellerSignature: Hex;
    reservation: Parameters<typeof reservationFromWire>[0];
    signResult: Hex;
  };
  const p = await api<{ returnCode: number; data: Wire }>('/nft/instance/purchase', {
    ...ticket.data,
    instanceId,
    quantity: 1,
  });
  expect(p.returnCode).toBe(0);
  const w = createWalletClient({ account, transport: http(ctx.stack.rpcUrl) });
  const d = ctx.stack.deployment;
  const approve = await w.writeContract({
    chain: null,
    address: d.att,
    abi: attAbi,
    functionName: 'approve',
    args: [d.market, maxUint256],
  });
  expect((await chain().waitForTransactionReceipt({ hash: approve })).status).toBe('success');
  const call = buyNftCall(d.market, {
    listing: listingFromWire(p.data.listing),
    sellerSignature: p.data.sellerSignature,
    reservation: reservationFromWire(p.data.reservation),
    validatorSignature: p.data.signResult,
  });
  const hash = await w.writeContract({ chain: null, ...call });
  expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success');
}
