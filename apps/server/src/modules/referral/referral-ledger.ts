/** `/referral/list`: the caller's own accruals and payouts, newest first, a page at a time. */
import { pageOf, ReturnCode, type ReferralEntry } from '@att/shared';
import type { Db } from '../schema';
import { referralRepo } from './referral-repository';

export async function referralLedger(db: Db, memberIdx: number, pageNo: number, pageSize: number) {
  const { rows, total } = await referralRepo(db).ledger(memberIdx, pageNo, pageSize);
  const list: ReferralEntry[] = rows.map((r) => ({
    kind: r.kind,
    symbol: r.symbol,
    amount: r.amount,
    salePrice: r.sale_price,
    productIdx: r.item_idx,
    itemName: r.item_name,
    state: r.state,
    txHash: r.tx_hash,
    createDate: new Date(r.at).toISOString(),
  }));
  return { returnCode: ReturnCode.Success, list, page: pageOf(total, pageNo, pageSize) };
}
