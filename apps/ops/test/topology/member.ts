/**
 * A member as the web app would act, through the balancer: signs up (the mail's link read from the SMTP server),
 * signs in, uploads, publishes, lists with the seller's EIP-712 signature, asks for a purchase and sends `buyNft`
 * from their own wallet; starts an auction, bids, makes and accepts offers with the server's signed terms and the
 * `@att/contracts` market-client calls the web sends; and listens on the alert socket (reconnecting when a server
 * goes away). Every HTTP call is counted: a failure is a network error, an HTTP status other than 200, or returnCode 101,
 * left after the re-sends the web makes when no answer came (a money call with its Idempotency-Key, a read).
 */
import {
  acceptFromWire,
  acceptOfferCall,
  approveCall,
  attAbi,
  auctionFromWire,
  cancelBidCall,
  chainFor,
  itemsAbi,
  makeOfferCall,
  marketAbi,
  marketDomain,
  offerFromWire,
  placeBidCall,
  registerAuctionCall,
  setApprovalForAllCall,
  signMarket,
  type Deployment,
} from '@att/contracts';
import {
  API_BASE,
  ALERT_SOCKET_PATH,
  AUTH_TYPE,
  IDEMPOTENCY_KEY_HEADER,
  isIdempotentRoute,
  type RoutePath,
  routes,
  saleRequestBody,
  SaleType,
  type RouteReply,
  type SiweParams,
  type TokenSymbol,
  Token,
  uploadUrl,
} from '@att/shared';
import { signInMessage } from '@att/shared/api/sign-in-message';
import { buyNftCall, newListing, type PurchaseData } from '@att/server/demo/wallet-trades';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createWalletClient, getAddress, http, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import WebSocket from 'ws';
import { until } from './services';

export interface Traffic {
  ok: number;
  failed: number;
  /** When each failure happened and what it was. */
  failures: { at: number; what: string }[];
  /** Calls sent again because no answer came (as the web does), when and why. */
  resent: { at: number; what: string }[];
}

export const traffic = (): Traffic => ({ ok: 0, failed: 0, failures: [], resent: [] });
/** The web's pauses before re-sending a call that got no answer (apps/web/src/lib/api/client.ts). */
const RESEND_DELAYS_MS = [300, 1000];

export class Balancer {
  constructor(
    readonly url: string,
    readonly t: Traffic,
  ) {}

  /** As the web sends it: a money call with a new Idempotency-Key, re-sent with it when no answer came (`resend`: a read). */
  async post<T = Record<string, unknown>>(
    p: string,
    body: object,
    o: { resend?: boolean } = {},
  ): Promise<T & { returnCode: number }> {
    const money = p in routes && isIdempotentRoute(p as RoutePath);
    const headers = {
      'content-type': 'application/json',
      ...(money ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    };
    const send = () => fetch(`${this.url}${API_BASE}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return this.call(p, send, money || o.resend ? RESEND_DELAYS_MS : []);
  }

  async upload(kind: 'logo' | 'resource', auth: { id: string; ticketId: string }, file: Buffer): Promise<string> {
    const r = await this.call<{ data?: { fileName: string } }>(`upload ${kind}`, () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'a.png');
      return fetch(`${this.url}${uploadUrl(kind, auth.id)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth.ticketId}` },
        body: form,
      });
    });
    if (r.returnCode !== 0 || !r.data) throw new Error(`upload ${kind}: ${r.returnCode}`);
    return r.data.fileName;
  }

  private async call<T>(
    what: string,
    send: () => Promise<Response>,
    resend: readonly number[] = [],
  ): Promise<T & { returnCode: number }> {
    let res: Response | undefined;
    let why = '';
    for (let attempt = 0; ; attempt++) {
      try {
        res = await send();
        why = [502, 503, 504].includes(res.status) ? `HTTP ${res.status}` : '';
      } catch (err) {
        [res, why] = [undefined, `network: ${(err as Error).message}`];
      }
      if (!why || attempt >= resend.length) break;
      this.t.resent.push({ at: Date.now(), what: `${what}: ${why}` });
      await new Promise((r) => setTimeout(r, resend[attempt]));
    }
    if (!res) {
      this.fail(what, why);
      throw new Error(`${what}: ${why}`);
    }
    const text = await res.text();
    if (res.status !== 200) {
      this.fail(what, `HTTP ${res.status}`);
      throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    const json = JSON.parse(text) as T & { returnCode: number };
    if (json.returnCode === 101) this.fail(what, 'returnCode 101');
    else this.t.ok++;
    return json;
  }

  private fail(what: string, why: string) {
    this.t.failed++;
    this.t.failures.push({ at: Date.now(), what: `${what}: ${why}` });
  }
}

export async function png(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="100%" height="100%" fill="hsl(${hue},60%,50%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type Member = Awaited<ReturnType<typeof member>>;

export async function member(o: {
  api: Balancer;
  key: Hex;
  name: string;
  mails: string[];
  client: PublicClient;
  d: Deployment;
  rpcUrl: string;
}) {
  const account = privateKeyToAccount(o.key);
  const address = account.address.toLowerCase() as Hex;
  const signed = async () => {
    const n = await o.api.post<{ data: SiweParams }>('/ticket/nonce', { address });
    const message = signInMessage(account.address, n.data);
    return { authType: AUTH_TYPE, address, message, signature: await account.signMessage({ message }) };
  };
  const email = `${o.name}@example.com`;
  const up = await o.api.post('/cert/email/register/request', {
    ...(await signed()),
    id: o.name,
    email,
    lang: 'en',
    aboutMe: '',
    agreeAge: true,
    agreeTerms: true,
    agreePrivacy: true,
  });
  if (up.returnCode !== 0) throw new Error(`sign-up ${o.name}: ${up.returnCode}`);
  const link = new RegExp(`/EmailVerify/${encodeURIComponent(email)}/([A-Za-z0-9_-]{32})/${address}`);
  const mail = await until(`the verification mail for ${email}`, async () => o.mails.find((m) => link.test(m)), 15_000);
  const check = await o.api.post('/emailVerify/register/check', {
    ...(await signed()),
    email,
    cert: link.exec(mail)![1],
  });
  if (check.returnCode !== 0) throw new Error(`verification ${o.name}: ${check.returnCode}`);
  const ticket = await o.api.post<{ data: { id: string; ticketId: string } }>('/ticket/request', await signed());
  if (ticket.returnCode !== 0) throw new Error(`sign-in ${o.name}: ${ticket.returnCode}`);
  const auth = { id: ticket.data.id, ticketId: ticket.data.ticketId };
  const wallet = createWalletClient({ account, chain: chainFor(o.rpcUrl, o.d.chainId), transport: http(o.rpcUrl) });
  /** A transaction of the member's wallet, mined and gone through. */
  const mined = async (sent: Promise<Hex>): Promise<TransactionReceipt> => {
    const hash = await sent;
    const receipt = await o.client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error(`${o.name}: transaction ${hash} reverted`);
    return receipt;
  };
  /** The web's approval step: `setApprovalForAll(market)` on the Items contract when not yet granted. */
  const approveItems = async () => {
    const approved = await o.client.readContract({
      address: o.d.items,
      abi: itemsAbi,
      functionName: 'isApprovedForAll',
      args: [account.address, o.d.market],
    });
    if (!approved) await mined(wallet.writeContract(setApprovalForAllCall(o.d.items, o.d.market)));
  };
  const data = <T>(what: string, r: { returnCode: number; data?: T }): T => {
    if (r.returnCode !== 0 || !r.data) throw new Error(`${what} (${o.name}): ${r.returnCode}`);
    return r.data;
  };

  return {
    name: o.name,
    address,
    auth,
    async publish(supply: number, hue: number): Promise<{ productId: number; tokenId: string }> {
      const logoFileName = await o.api.upload('logo', auth, await png(hue));
      const col = await o.api.post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
        ...auth,
        collectionName: `Topology ${o.name} ${hue}`,
        royalty: 5,
        logoFileName,
      });
      if (col.returnCode !== 0) throw new Error(`collection: ${col.returnCode}`);
      const fileName = await o.api.upload('resource', auth, await png(hue + 40));
      const r = await o.api.post<{ data: { productId: number; tokenId: string } }>('/nft/register', {
        ...auth,
        fileName,
        category: 1,
        productName: `Piece of ${o.name}`,
        productDesc: '',
        totalSupply: supply,
        flagFreezeMetadata: 0,
        isExistUnlockedContent: 0,
        unlockedContent: '',
        collectionIdx: col.data.collectionIdx,
      });
      if (r.returnCode !== 0) throw new Error(`publish: ${r.returnCode}`);
      return r.data;
    },
    /** Lists `quantity` of the creator's unminted pieces at `price` wei of KLAY each; the listing's id. */
    async listLazy(
      item: { productId: number; tokenId: string },
      quantity: number,
      supply: number,
      price: bigint,
    ): Promise<number> {
      const listing = await newListing(o.client, {
        market: o.d.market,
        items: o.d.items,
        att: o.d.att,
        seller: account.address,
        tokenId: item.tokenId,
        quantity,
        price,
        symbol: 'KLAY',
        lazy: { editionSize: supply, royaltyBps: 500 },
        feeBps: 250,
        expirySeconds: 86_400,
        salt: BigInt(Math.floor(Math.random() * 2 ** 48)),
      });
      const signature = await signMarket(o.key, marketDomain(o.d.chainId, o.d.market), 'Listing', listing);
      const r = await o.api.post<{ data: { instanceId: number } }>(
        '/nft/all/sale',
        saleRequestBody({ auth, productId: item.productId, symbol: 'KLAY', expireMinute: 1440, listing, signature }),
      );
      if (r.returnCode !== 0) throw new Error(`list: ${r.returnCode}`);
      return r.data.instanceId;
    },
    /** Reserves a piece through the balancer and sends `buyNft` from the member's wallet; the transaction hash. */
    async buy(instanceId: number, quantity = 1): Promise<Hex> {
      const r = await o.api.post<{ data: PurchaseData }>('/nft/instance/purchase', { ...auth, instanceId, quantity });
      if (r.returnCode !== 0) throw new Error(`purchase: ${r.returnCode}`);
      const hash = await wallet.writeContract(buyNftCall(o.d.market, r.data));
      const receipt = await o.client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      if (receipt.status !== 'success') throw new Error(`buyNft ${hash} reverted`);
      return hash;
    },
    /** An English auction of a single item (`/nft/all/sale` saleType 2, then `registerAuction`): its instance id. */
    async auction(
      productId: number,
      startPrice: bigint,
      minutes: number,
      symbol: TokenSymbol = Token.KLAY,
    ): Promise<number> {
      const body = {
        ...auth,
        productId,
        saleQuantity: 1,
        saleType: SaleType.Auction,
        saleSymbol: symbol,
        salePrice: startPrice.toString(),
        expireMinute: minutes,
      };
      const d = data('auction', await o.api.post<RouteReply<'/nft/all/sale'>>('/nft/all/sale', body));
      if (!('auc' in d)) throw new Error('auction: a fixed-price answer');
      // A creator's unminted piece is minted into escrow by the Market: no approval then (the web's auction plan).
      if (!d.auc.isMinting) await approveItems();
      await mined(
        wallet.writeContract(registerAuctionCall(getAddress(d.market), auctionFromWire(d.auc), d.signResult as Hex)),
      );
      return d.bsdId;
    },
    /** The server's check of a bid, then `placeBid` paying in the amount less the member's live bid on chain (`bidOf`). */
    async bid(instanceIdx: number, amount: bigint): Promise<TransactionReceipt> {
      const d = data(
        'bid',
        await o.api.post<RouteReply<'/nft/instance/bid'>>('/nft/instance/bid', {
          ...auth,
          instanceIdx,
          price: amount.toString(),
        }),
      );
      const market = getAddress(d.market);
      const auctionId = BigInt(d.auctionId);
      const currentBid = await o.client.readContract({
        address: market,
        abi: marketAbi,
        functionName: 'bidOf',
        args: [auctionId, account.address],
      });
      return mined(
        wallet.writeContract(placeBidCall(market, { auctionId, amount, token: getAddress(d.token), currentBid })),
      );
    },
    /** `cancelBid(auctionId)`: an outbid bid comes back. */
    withdrawBid: (auctionId: number) => mined(wallet.writeContract(cancelBidCall(o.d.market, BigInt(auctionId)))),
    /** An offer for `amount` pieces (`/nft/offer`, the ATT allowance when short, then `makeOffer`): the offer's id. */
    async offer(
      productId: number,
      amount: number,
      pricePerOne: bigint,
      symbol: TokenSymbol = Token.ATT,
    ): Promise<string> {
      const d = data(
        'offer',
        await o.api.post<RouteReply<'/nft/offer'>>('/nft/offer', {
          ...auth,
          productId,
          amount,
          pricePerOne: pricePerOne.toString(),
          symbol,
        }),
      );
      const terms = offerFromWire(d.offer);
      if (symbol === Token.ATT) {
        const allowance = await o.client.readContract({
          address: terms.token,
          abi: attAbi,
          functionName: 'allowance',
          args: [account.address, getAddress(d.market)],
        });
        if (allowance < terms.amount * terms.pricePerOne)
          await mined(wallet.writeContract(approveCall(terms.token, getAddress(d.market))));
      }
      await mined(wallet.writeContract(makeOfferCall(getAddress(d.market), terms, d.signResult as Hex)));
      return d.osdId;
    },
    /** Sells `amount` pieces into an offer (the approval, `/nft/offer/accept`, then `acceptOffer`): the server's answer. */
    async acceptOffer(offerIdx: string, amount: number) {
      await approveItems();
      const d = data(
        'accept',
        await o.api.post<RouteReply<'/nft/offer/accept'>>('/nft/offer/accept', {
          ...auth,
          offerIdx: Number(offerIdx),
          amount,
        }),
      );
      await mined(
        wallet.writeContract(acceptOfferCall(getAddress(d.market), acceptFromWire(d.accept), d.signResult as Hex)),
      );
      return d;
    },
  };
}

/**
 * The member's alert socket through the balancer, signed in with their ticket: reconnects (after 200 ms) whenever it
 * closes, passing the id of the last alert it heard so the instance it lands on replays what it missed; keeps what
 * it hears (with each alert's id) and when each subscription was let in.
 */
export function alertSocket(balancerUrl: string, member: { address: string; auth: { id: string; ticketId: string } }) {
  const heard: { id?: string; type: number; productIdx?: number; at: number }[] = [];
  const closes: { code: number; at: number }[] = [];
  const subscriptions: number[] = [];
  let ws: WebSocket | undefined;
  let stopped = false;
  let last: string | undefined;
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const open = () => {
    if (stopped) return;
    const s = new WebSocket(`${balancerUrl.replace(/^http/, 'ws')}${ALERT_SOCKET_PATH}`);
    ws = s;
    s.on('open', () =>
      s.send(
        JSON.stringify({
          channel: member.address,
          id: member.auth.id,
          ticket: member.auth.ticketId,
          ...(last ? { after: last } : {}),
        }),
      ),
    );
    s.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as {
        id?: string;
        type?: number;
        status: number;
        data?: { productIdx?: number };
      };
      if (m.type === undefined && m.status === 0) {
        subscriptions.push(Date.now());
        subscribed();
      }
      if (m.type !== undefined) {
        last = m.id;
        heard.push({ id: m.id, type: m.type, productIdx: m.data?.productIdx, at: Date.now() });
      }
    });
    s.on('close', (code) => {
      closes.push({ code, at: Date.now() });
      setTimeout(open, 200);
    });
    s.on('error', () => undefined);
  };
  open();
  return {
    heard,
    closes,
    subscriptions,
    ready,
    close() {
      stopped = true;
      ws?.close();
    },
  };
}
