import type { AdminReferralPayout } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { TxHash } from '../../components/ui/TxHash';
import { useFrontConfig } from '../../lib/config';
import { formatPrice } from '../../lib/format';
import { ConsoleToolbar, shortDate } from './admin-kit';
import { type Column, ConsoleTable, usePagedList } from './ConsoleTable';

/** Referral payouts, read-only (the monthly payout job alone writes them): who, the month, coin and amount, state, transaction. */
export function ReferralPayoutsTab() {
  const { t } = useTranslation('admin');
  const list = usePagedList('/admin/referral/payout/list');
  const explorerUrl = useFrontConfig().data?.klayScanUrl;
  const state = (n: number) =>
    ['1', '2', '3'].includes(String(n)) ? t(`referral.states.${String(n) as '1'}`) : String(n);
  const columns: Column<AdminReferralPayout>[] = [
    { key: 'date', header: t('common.date'), className: 'small', cell: (p) => shortDate(p.paidDate ?? p.createDate) },
    { key: 'referrer', header: t('referral.referrer'), className: 'small', cell: (p) => p.referrer ?? p.toAddress },
    { key: 'period', header: t('referral.period'), className: 'mono small', cell: (p) => p.period },
    {
      key: 'amount',
      header: t('referral.amount'),
      className: 'small',
      cell: (p) => <span data-testid="admin-referral-amount">{formatPrice(p.amount, p.symbol)}</span>,
    },
    {
      key: 'state',
      header: t('common.state'),
      className: 'small',
      cell: (p) => (
        <span data-testid="admin-referral-state" data-state={p.state}>
          {state(p.state)}
        </span>
      ),
    },
    {
      key: 'tx',
      header: t('referral.tx'),
      className: 'mono small',
      cell: (p) =>
        p.txHash ? (
          <TxHash
            hash={p.txHash}
            explorerUrl={explorerUrl}
            shown="whole"
            linkTestId="admin-referral-tx"
            plainTestId="admin-referral-tx"
          />
        ) : (
          <span data-testid="admin-referral-tx">—</span>
        ),
    },
  ];
  return (
    <div className="admin-tab">
      <ConsoleToolbar search={{ testId: 'admin-referral', onSearch: list.search }} />
      <ConsoleTable
        columns={columns}
        rowKey={(p) => p.payoutIdx}
        testId="admin-referral-table"
        rowTestId="admin-referral-row"
        {...list.tableProps}
      />
    </div>
  );
}
