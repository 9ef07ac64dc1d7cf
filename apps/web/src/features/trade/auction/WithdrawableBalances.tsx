/**
 * What the Market holds for the member and only they can take back, from /nft/withdrawable/list: a
 * withdrawable balance per token (a refund or payout the Market could not push, e.g. to a wallet contract that
 * refused it; `withdraw(token)`), and each live bid left in an auction that has ended (outbid and not withdrawn
 * before the end; `cancelBid(auctionId)`, the item linked). Each row's withdraw is a `send -> index` plan on the
 * one trade machine (gas 300,000). A bid's withdrawal is its item's event: done once the list no longer shows the row,
 * read once when mined and once per event of the item. A balance concerns no item: the receipt is the fact (the chain
 * holds the balance), the list is read once after it. Nothing is shown while there is nothing to withdraw; a failed
 * read says so.
 */
import { formatTokenAmount, type WithdrawableRow } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ensureOk, queryClient } from '../../../lib/api';
import { groupDigits, shortHex } from '../../../lib/format';
import { useMember } from '../core/trade-env';
import { withdrawInvalidations } from '../core/trade-refresh';
import { ChainActionPopup } from '../popup/ChainActionPopup';
import { tradeQueries } from '../trade-queries';
import '../core/trade.css';

const amountText = (row: WithdrawableRow) =>
  `${groupDigits(formatTokenAmount(BigInt(row.amount)))} ${row.symbol ?? shortHex(row.token)}`;
/** A row's test id suffix: the token's symbol for a balance, `bid-<auctionId>` for a bid left in an ended auction. */
const rowId = (row: WithdrawableRow) => (row.auctionId ? `bid-${row.auctionId}` : (row.symbol ?? row.token));
const sameRow = (a: WithdrawableRow, b: WithdrawableRow) => a.auctionId === b.auctionId && a.token === b.token;

export function WithdrawableBalances() {
  const { t } = useTranslation('trade');
  const member = useMember();
  const list = useQuery(tradeQueries.withdrawable(member));
  const [withdrawing, setWithdrawing] = useState<WithdrawableRow | null>(null);
  if (!member) return null;
  const rows = list.data ?? [];
  return (
    <>
      {list.isError ? (
        <p className="muted small" role="alert" data-testid="withdrawable-error">
          {t('withdrawable.loadFailed')}
        </p>
      ) : (
        rows.length > 0 && (
          <section className="withdrawable" data-testid="withdrawable" aria-labelledby="withdrawable-title">
            <h3 className="section-label" id="withdrawable-title">
              {t('withdrawable.title')}
            </h3>
            <p className="muted small withdrawable-hint">{t('withdrawable.hint')}</p>
            <ul className="balance-list">
              {rows.map((row) => (
                <li key={rowId(row)} className="balance-row" data-testid={`withdrawable-row-${rowId(row)}`}>
                  <span className="balance-name">
                    <strong className="mono">{amountText(row)}</strong>
                    {row.auctionId && (
                      <span className="muted small">
                        {t('withdrawable.bidIn')} <Link to={`/NftInfo/${row.productIdx}`}>{row.pdName}</Link>
                      </span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    onClick={() => setWithdrawing(row)}
                    data-testid={`withdrawable-withdraw-${rowId(row)}`}
                  >
                    {t('withdrawable.withdraw')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )
      )}
      {/* Outside the section: the popup outlives its row (the list read after the withdrawal no longer has it). */}
      {withdrawing && <WithdrawPopup row={withdrawing} onClose={() => setWithdrawing(null)} key={rowId(withdrawing)} />}
    </>
  );
}

function WithdrawPopup({ row, onClose }: { row: WithdrawableRow; onClose: () => void }) {
  const { t } = useTranslation('trade');
  return (
    <ChainActionPopup
      action={row.auctionId ? 'cancelBid' : 'withdraw'}
      testId="withdraw"
      title={t('withdrawable.popupTitle')}
      text={t('withdrawable.text', { amount: amountText(row) })}
      submitLabel={t('withdrawable.submit')}
      doneMessage={t('withdrawable.done')}
      send={async (kit, env, member) => {
        const from = await kit.requireAccount(member.address, env.chain);
        return row.auctionId
          ? kit.sendCancelBid(env.chain, from, env.market, BigInt(row.auctionId))
          : kit.sendWithdraw(env.chain, from, env.market, row.token);
      }}
      watch={row.productIdx ?? undefined}
      indexed={async (member) =>
        !(ensureOk(await api('/nft/withdrawable/list', { id: member.id, ticketId: member.ticketId })).list ?? []).some(
          (r) => sameRow(r, row),
        )
      }
      refresh={(address) =>
        Promise.all(withdrawInvalidations(address).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      }
      onClose={onClose}
    />
  );
}
