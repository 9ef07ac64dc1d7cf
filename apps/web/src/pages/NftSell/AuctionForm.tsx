/**
 * The auction tab of the sell page (spec 3, sections 2, 5 and 9), single items only: token, start price (at least
 * 0.1) with its USD estimate, the end from the calendar popup (at most 6 months), the platform fee and the royalty,
 * and the confirm button that runs the auction's steps (the server's signed terms, the item approval when needed,
 * `registerAuction` from the wallet, the marketplace showing it), on the form both tabs share.
 */
import type { ItemDetail } from '@att/shared';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { AuctionProgress } from '../../features/trade/auction/AuctionProgress';
import { checkAuction } from '../../features/trade/auction/auction-validation';
import { auctionPlan, auctionSaleRun } from '../../features/trade/auction/auction-plan';
import type { TradeEnv } from '../../features/trade/core/trade-env';
import { SaleTermsForm } from './SaleTermsForm';

interface Props {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  env: TradeEnv | null;
  seller: Address;
}

/** An auction refreshes the item even when it stopped: it may be on chain already. */
const AUCTION = { plan: auctionPlan, run: auctionSaleRun, refreshOnStop: true };
const ORDER = ['price', 'period'] as const;

export function AuctionForm(props: Props) {
  const { t } = useTranslation('sell');
  return (
    <SaleTermsForm
      {...props}
      testPrefix="auction"
      kind={AUCTION}
      toRun={(start) => start}
      check={checkAuction}
      order={ORDER}
      progress={(flow) => (
        <AuctionProgress
          state={flow.state}
          plan={flow.plan}
          explorerUrl={props.env?.explorerUrl ?? ''}
          onClose={flow.close}
        />
      )}
    >
      <p className="muted small">{t('auction.feeNote')}</p>
      <p className="muted small" data-testid="auction-rules">
        {t('auction.rules')}
      </p>
    </SaleTermsForm>
  );
}
