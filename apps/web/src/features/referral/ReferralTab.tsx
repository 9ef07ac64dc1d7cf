/**
 * The own profile's referral tab: the member's share link (their code, copied with "링크가 복사되었습니다."), how many
 * members signed up through it, per coin what accrued, was paid, is on its way, was forfeited (when any) and is owed, the terms (1 % of a
 * referred member's purchases, paid monthly above 0.005 of the coin, from the platform fee, never from the seller's
 * or creator's share), and the ledger of accruals and payouts with their transactions, paged. Others never see it:
 * the server answers only the ticket's member.
 */
import { PayoutState, ReferralEntryKind, type ReferralEntry, type ReferralSummary } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../components/ui/LoadState';
import { Pagination } from '../../components/ui/Pagination';
import { copyText } from '../../lib/clipboard';
import { useFrontConfig } from '../../lib/config';
import { formatPrice } from '../../lib/format';
import { TxHash } from '../../components/ui/TxHash';
import { withReferral } from '../../lib/referral-link';
import { useSession } from '../../lib/session';
import { popups } from '../popups';
import { referralQueries } from './referral-queries';
import './referral.css';

export function ReferralTab() {
  const { t } = useTranslation('referral');
  const session = useSession();
  const summary = useQuery(referralQueries.summary(session));
  if (!summary.data) {
    return (
      <LoadState
        loading={summary.isPending && summary.fetchStatus !== 'idle'}
        error={summary.isError}
        loadingText={t('loading')}
        errorText={t('loadFailed')}
        retryText={t('retry')}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <div className="referral" data-testid="referral">
      <ShareLink summary={summary.data} />
      <Earnings summary={summary.data} />
      <p className="referral-terms muted" data-testid="referral-terms">
        {t('terms', { min: formatPrice(summary.data.payoutMin, '').trim() })}
      </p>
      <Ledger />
    </div>
  );
}

function ShareLink({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  const link = withReferral(`${window.location.origin}/Profile/${encodeURIComponent(summary.code)}`, summary.code);
  const copy = async () => {
    await copyText(link);
    popups.ok(t('copied'));
  };
  return (
    <section className="referral-share" aria-labelledby="referral-share-title">
      <h2 id="referral-share-title" className="referral-title">
        {t('shareTitle')}
      </h2>
      <div className="referral-link-row">
        <code className="referral-link" data-testid="referral-link">
          {link}
        </code>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void copy()}
          data-testid="referral-copy"
        >
          {t('copy')}
        </button>
      </div>
      <p className="muted" data-testid="referral-count">
        {t('referredCount', { count: summary.referredCount })}
      </p>
    </section>
  );
}

function Earnings({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  // Forfeited only shows when there is some (a balance at or below the payout minimum when the member withdrew).
  const fieldsOf = (c: ReferralSummary['coins'][number]) =>
    (['accrued', 'paid', 'pending', 'forfeited', 'balance'] as const).filter(
      (f) => f !== 'forfeited' || c.forfeited !== '0',
    );
  const forfeited = summary.coins.some((c) => c.forfeited !== '0');
  return (
    <section className="referral-coins" aria-label={t('earningsTitle')}>
      {summary.coins.map((c) => (
        <div key={c.symbol} className="referral-coin" data-testid={`referral-coin-${c.symbol}`}>
          <h3 className="referral-coin-name">{c.symbol}</h3>
          <dl>
            {fieldsOf(c).map((f) => (
              <div key={f} className="referral-figure">
                <dt>{t(`coin.${f}`)}</dt>
                <dd data-testid={`referral-${c.symbol}-${f}`}>{formatPrice(c[f], c.symbol)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {forfeited && (
        <p className="muted referral-forfeited-note" data-testid="referral-forfeited-note">
          {t('forfeitedNote')}
        </p>
      )}
    </section>
  );
}

function Ledger() {
  const { t, i18n } = useTranslation('referral');
  const session = useSession();
  const [pageNo, setPageNo] = useState(1);
  const ledger = useQuery(referralQueries.ledger(session, pageNo));
  const klayScanUrl = useFrontConfig().data?.klayScanUrl;
  const locale = i18n.language === 'ko' ? 'ko-KR' : 'en-US';
  const rows = ledger.data?.list ?? [];
  return (
    <section className="referral-ledger" aria-labelledby="referral-ledger-title">
      <h2 id="referral-ledger-title" className="referral-title">
        {t('ledgerTitle')}
      </h2>
      {!ledger.data ? (
        <LoadState
          loading={ledger.isPending && ledger.fetchStatus !== 'idle'}
          error={ledger.isError}
          loadingText={t('loading')}
          errorText={t('loadFailed')}
          retryText={t('retry')}
          onRetry={() => void ledger.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="empty-inline muted" data-testid="referral-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <div className="history-scroll">
            <table className="history-table" data-testid="referral-list">
              <thead>
                <tr>
                  {(['kind', 'amount', 'detail', 'tx', 'date'] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <LedgerRow key={`${r.kind}-${r.createDate}-${i}`} row={r} klayScanUrl={klayScanUrl} locale={locale} />
                ))}
              </tbody>
            </table>
          </div>
          {(ledger.data.page?.pageCount ?? 0) > 1 && (
            <Pagination pageNo={pageNo} pageCount={ledger.data.page!.pageCount} links={10} onChange={setPageNo} />
          )}
        </>
      )}
    </section>
  );
}

function LedgerRow({
  row,
  klayScanUrl,
  locale,
}: {
  row: ReferralEntry;
  klayScanUrl: string | undefined;
  locale: string;
}) {
  const { t } = useTranslation('referral');
  const accrual = row.kind === ReferralEntryKind.Accrual;
  const state = row.state === PayoutState.Paid ? 'paid' : row.state === PayoutState.Failed ? 'failed' : 'pending';
  return (
    <tr
      className="history-row"
      data-testid={accrual ? 'referral-accrual' : 'referral-payout'}
      data-state={accrual ? undefined : state}
    >
      <td data-label={t('columns.kind')}>{accrual ? t('kind.accrual') : t(`kind.payout.${state}`)}</td>
      <td data-label={t('columns.amount')} data-testid="referral-row-amount">
        {formatPrice(row.amount, row.symbol)}
      </td>
      <td data-label={t('columns.detail')}>
        {accrual && row.productIdx !== null ? (
          <>
            <Link to={`/NftInfo/${row.productIdx}`}>{row.itemName ?? `#${row.productIdx}`}</Link>
            {row.salePrice && (
              <span className="muted"> · {t('salePrice', { price: formatPrice(row.salePrice, row.symbol) })}</span>
            )}
          </>
        ) : (
          t('payoutDetail')
        )}
      </td>
      <td data-label={t('columns.tx')} data-testid="referral-row-tx">
        {row.txHash ? <TxHash hash={row.txHash} explorerUrl={klayScanUrl} shown={{ head: 6, tail: 4 }} /> : '-'}
      </td>
      <td data-label={t('columns.date')}>
        <time dateTime={row.createDate}>
          {new Date(row.createDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </td>
    </tr>
  );
}
