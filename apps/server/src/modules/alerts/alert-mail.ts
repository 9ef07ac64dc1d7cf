/**
 * The alert mails: one per alert type (ALERT_KINDS' `mail` names them), in Korean or English by
 * the member's language, each with the page it is about and an unsubscribe link that turns flagEmail off without a
 * sign-in. The sentences are the floating alert's (web common.json `alert.types`), so a member reads the same words
 * in both places. A correction (a reorg undid what an earlier mail told) is mailed only after that mail, and says so.
 */
import {
  ALERT_KINDS,
  AlertType,
  floorMovePercent,
  TOKEN_DECIMALS,
  type AlertFloorMove,
  type AlertTopBid,
  type AlertTypeValue,
} from '@att/shared';
import { formatUnits } from 'viem';
import { escapeHtml, type Mail } from '../../platform/mail/mail';

type Lang = 'ko' | 'en';

const TEXTS: Record<
  Lang,
  {
    brand: string;
    alert: Record<AlertTypeValue, string>;
    open: string;
    openInquiry: string;
    bidAgain: string;
    topBid: string;
    why: string;
    unsubscribe: string;
    item: string;
    collection: string;
    openCollection: string;
    floor: string;
  }
> = {
  ko: {
    brand: 'ATT NFT 마켓',
    alert: {
      [AlertType.ItemSold]: '등록하신 아이템이 판매되었습니다.',
      [AlertType.Bid]: '아이템에 새로운 입찰이 있습니다.',
      [AlertType.OfferAccepted]: '제안이 수락되었습니다.',
      [AlertType.SaleExpired]: '판매 기간이 만료되었습니다.',
      [AlertType.OverOffer]: '더 높은 제안이 들어와 이전 제안이 밀렸습니다.',
      [AlertType.MinOffer]: '최소 금액 이상의 새로운 제안이 있습니다.',
      [AlertType.InquiryAnswered]: '1:1 문의에 답변이 등록되었습니다.',
      [AlertType.Correction]: '앞서 보내 드린 알림을 취소합니다. 블록체인에서 해당 거래가 되돌려졌습니다.',
      [AlertType.Outbid]: '더 높은 입찰이 들어와 회원님의 입찰이 최고 입찰이 아니게 되었습니다.',
      [AlertType.AuctionWon]:
        '경매에 낙찰되었습니다. 작품이 지갑으로 전달되지 못했다면 아이템 페이지에서 받으실 수 있습니다.',
      [AlertType.FloorMove]: '관심 컬렉션의 바닥가가 설정하신 알림 기준 이상 움직였습니다.',
    },
    open: '아이템 보기',
    bidAgain: '다시 입찰하기',
    topBid: '현재 최고 입찰가',
    openInquiry: '답변 보기',
    item: '아이템',
    collection: '컬렉션',
    openCollection: '컬렉션 보기',
    floor: '바닥가',
    why: '알림 설정에서 이메일 알림을 켜 두셨기 때문에 이 메일을 받으셨습니다.',
    unsubscribe: '이메일 알림 받지 않기',
  },
  en: {
    brand: 'ATT NFT Market',
    alert: {
      [AlertType.ItemSold]: 'Your item has been sold.',
      [AlertType.Bid]: 'There is a new bid on your item.',
      [AlertType.OfferAccepted]: 'Your offer has been accepted.',
      [AlertType.SaleExpired]: 'Your sale period has expired.',
      [AlertType.OverOffer]: 'A higher offer has outbid your offer.',
      [AlertType.MinOffer]: 'There is a new offer above your minimum price.',
      [AlertType.InquiryAnswered]: 'Your 1:1 inquiry has been answered.',
      [AlertType.Correction]: 'Please disregard our earlier alert: its transaction was undone on the blockchain.',
      [AlertType.Outbid]: 'Your bid has been outbid.',
      [AlertType.AuctionWon]:
        'You won the auction. If the piece could not be delivered to your wallet, you can claim it on the item page.',
      [AlertType.FloorMove]: "The floor of a collection you follow moved past your alert's threshold.",
    },
    open: 'View item',
    bidAgain: 'Bid again',
    topBid: 'Top bid now',
    openInquiry: 'See the answer',
    item: 'Item',
    collection: 'Collection',
    openCollection: 'View collection',
    floor: 'Floor',
    why: 'You receive this mail because e-mail alerts are on in your notification settings.',
    unsubscribe: 'Stop e-mail alerts',
  },
};

/** Where an alert mail's unsubscribe link points (alerts' unsubscribe-routes.ts serves it). */
export const UNSUBSCRIBE_PATH = '/attnftmarket/mail/unsubscribe';

export interface AlertMailInput {
  to: string;
  lang: Lang;
  userName: string;
  type: AlertTypeValue;
  productIdx: number | null;
  itemName: string | null;
  /** An outbid alert: the bid that outbid the member, in wei of its token. */
  topBid?: AlertTopBid | null;
  /** A floor alert: the collection's move. */
  floorMove?: AlertFloorMove | null;
  publicOrigin: string;
  unsubscribeToken: string;
}

/**
 * The mail of one alert; `meta` names its template, its page and its unsubscribe link (the dev outbox records them).
 * Not `link`: the dev outbox prints a mail's `link` on the console (a sign-up's verification), and `npm start`'s demo
 * sales would print one line per alert mail.
 */
export function alertMail(a: AlertMailInput): Mail & { meta: Record<string, string> } {
  const t = TEXTS[a.lang];
  const inquiry = a.type === AlertType.InquiryAnswered;
  const floor = a.type === AlertType.FloorMove ? a.floorMove : null;
  const link = inquiry
    ? `${a.publicOrigin}/Inquiry`
    : floor
      ? `${a.publicOrigin}/Collection/${floor.collectionIdx}`
      : `${a.publicOrigin}/NftInfo/${a.productIdx}`;
  const unsubscribe = `${a.publicOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(a.unsubscribeToken)}`;
  const sentence = t.alert[a.type];
  const coins = (wei: string, symbol: string) => `${formatUnits(BigInt(wei), TOKEN_DECIMALS)} ${symbol}`;
  const about = inquiry
    ? ''
    : floor
      ? `${t.collection}: ${floor.collectionName}`
      : `${t.item}: ${a.itemName ?? `#${a.productIdx}`}`;
  const top =
    a.type === AlertType.Outbid && a.topBid
      ? `${t.topBid}: ${coins(a.topBid.price, a.topBid.symbol)}`
      : floor
        ? `${t.floor}: ${coins(floor.from, floor.symbol)} → ${coins(floor.to, floor.symbol)} (${floorMovePercent(floor)})`
        : '';
  const action = inquiry ? t.openInquiry : floor ? t.openCollection : a.type === AlertType.Outbid ? t.bidAgain : t.open;
  const greeting = a.lang === 'ko' ? `${a.userName}님,` : `Hello ${a.userName},`;
  const text = [
    greeting,
    '',
    sentence,
    ...(about ? [about] : []),
    ...(top ? [top] : []),
    `${action}: ${link}`,
    '',
    t.why,
    `${t.unsubscribe}: ${unsubscribe}`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(sentence)}</p>` +
    (about ? `<p>${escapeHtml(about)}</p>` : '') +
    (top ? `<p>${escapeHtml(top)}</p>` : '') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(t.why)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t.unsubscribe)}</a></p>`;
  return {
    to: a.to,
    subject: `[${t.brand}] ${sentence}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    meta: { template: ALERT_KINDS[a.type].mail, page: link, unsubscribe },
  };
}
