/**
 * `referral.payouts`: pays each referrer's balance per coin once a month (at most one live payout per referrer,
 * coin and calendar month, UTC) from the payout wallet (`PAYOUT_KEY`): ATT by an ERC-20 `transfer`, KLAY by value.
 *
 * Never twice, whatever is killed when:
 *   1. the payout row is written first (pending), with the wallet's next nonce reserved in it;
 *   2. the transfer is signed with that nonce and stored in the row (raw transaction and hash) BEFORE it is sent;
 *   3. it is sent, and the row is marked paid after its receipt (failed if it reverted).
 * On the next run a pending row is settled before anything new is written: with a stored transfer, by its
 * receipt, or by sending exactly that transfer again while its nonce is unused (one nonce, one transaction: the
 * chain cannot take both); without one, it is signed and sent only while the chain has not used its nonce (it
 * never went out, since nothing is sent before it is stored), else it is marked failed (its amount is owed again).
 * Chain reads happen before a database transaction, never inside one.
 * Failure mode: a node that does not answer fails the run; the rows say exactly where each payout is.
 */
import { attAbi, chainFor } from '@att/contracts';
import { PayoutState, Token, type TokenSymbol } from '@att/shared';
import {
  createWalletClient,
  encodeFunctionData,
  keccak256,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rpcTransport } from '../../platform/chain/rpc-transport';
import type { Db } from '../schema';
import { referralRepo, type PayoutRow } from './referral-repository';

/** KLAY the wallet keeps for gas: payouts in KLAY are written only while the rest covers them. */
const GAS_RESERVE = 10n ** 17n;
const RECEIPT_TIMEOUT_MS = 30_000;

export interface PayerOptions {
  db: Db;
  client: PublicClient;
  key: Hex;
  rpcUrls: readonly string[];
  chainId: number;
  att: Hex;
  log?: (msg: string, err?: unknown) => void;
}

/** The month a payout made at `now` belongs to: 'YYYY-MM' (UTC). */
export const periodOf = (now: Date): string => now.toISOString().slice(0, 7);

export function referralPayer(o: PayerOptions) {
  const account = privateKeyToAccount(o.key);
  const from = account.address.toLowerCase();
  const wallet = createWalletClient({
    account,
    chain: chainFor(o.rpcUrls[0]!, o.chainId),
    transport: rpcTransport(o.rpcUrls, { timeout: 10_000 }),
  });
  const repo = referralRepo(o.db);
  const usedNonces = async () =>
    BigInt(await o.client.getTransactionCount({ address: account.address, blockTag: 'latest' }));
  const receiptOf = async (hash: Hex) => {
    try {
      return await o.client.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return undefined;
      throw err;
    }
  };

  const payer = {
    address: from,

    /** Step 1: this period's payout rows (a chain read of the wallet's nonce and funds first, then one transaction). */
    async createDue(now: Date): Promise<PayoutRow[]> {
      if (!(await repo.anyDue(periodOf(now)))) return [];
      const [chainNonce, klay, att] = await Promise.all([
        BigInt(await o.client.getTransactionCount({ address: account.address, blockTag: 'pending' })),
        o.client.getBalance({ address: account.address }),
        o.client.readContract({ address: o.att, abi: attAbi, functionName: 'balanceOf', args: [account.address] }),
      ]);
      const available: Record<TokenSymbol, bigint> = { ATT: att, KLAY: klay > GAS_RESERVE ? klay - GAS_RESERVE : 0n };
      return repo.createPayouts({ chainId: o.chainId, from, period: periodOf(now), chainNonce, available, now });
    },

    /** Step 2: signs the row's transfer with its nonce and stores it before anything is sent. */
    async sign(row: PayoutRow): Promise<PayoutRow> {
      const to = row.to_address as Hex;
      const amount = BigInt(row.amount);
      const call =
        row.symbol === Token.KLAY
          ? { to, value: amount }
          : {
              to: o.att,
              value: 0n,
              data: encodeFunctionData({ abi: attAbi, functionName: 'transfer', args: [to, amount] }),
            };
      const request = await wallet.prepareTransactionRequest({
        ...call,
        nonce: Number(row.nonce),
        chain: wallet.chain,
      });
      const raw = await wallet.signTransaction(request);
      return repo.recordSigned(row.payout_idx, raw, keccak256(raw));
    },

    /** Step 3: sends (or finds) the row's transfer and settles the row by its receipt. */
    async settle(row: PayoutRow, now: Date): Promise<number> {
      let r = row;
      if (!r.tx_hash) {
        if ((await usedNonces()) > BigInt(r.nonce)) {
          o.log?.(`referral payout ${r.payout_idx}: nonce ${r.nonce} was used by another transaction; owed again`);
          await repo.settle(r.payout_idx, PayoutState.Failed, now);
          return PayoutState.Failed;
        }
        r = await payer.sign(r);
      }
      const hash = r.tx_hash as Hex;
      let receipt = await receiptOf(hash);
      if (!receipt) {
        if ((await usedNonces()) > BigInt(r.nonce)) {
          receipt = await receiptOf(hash);
          if (!receipt) {
            o.log?.(`referral payout ${r.payout_idx}: nonce ${r.nonce} went to another transaction; owed again`);
            await repo.settle(r.payout_idx, PayoutState.Failed, now);
            return PayoutState.Failed;
          }
        } else {
          try {
            await o.client.sendRawTransaction({ serializedTransaction: r.raw_tx as Hex });
          } catch (err) {
            // Already in the node's pool (a resend) or mined meanwhile: the receipt decides.
            o.log?.(`referral payout ${r.payout_idx}: send refused`, err);
          }
          receipt = await o.client.waitForTransactionReceipt({
            hash,
            timeout: RECEIPT_TIMEOUT_MS,
            pollingInterval: 200,
          });
        }
      }
      const state = receipt.status === 'success' ? PayoutState.Paid : PayoutState.Failed;
      await repo.settle(r.payout_idx, state, now);
      return state;
    },

    /** One run: settle what an earlier run left open, then write and pay this period's payouts. */
    async run(now: Date): Promise<void> {
      for (const row of await repo.openPayouts(o.chainId, from)) await payer.settle(row, now);
      for (const row of await payer.createDue(now)) await payer.settle(row, now);
    },
  };
  return payer;
}
export type ReferralPayer = ReturnType<typeof referralPayer>;
