/**
 * The fixed-price form (spec 3, sections 2 and 5): quantity (multi-edition; single items sell their one piece),
 * token, price with its USD estimate, the sale period from the calendar popup, the platform fee and the royalty,
 * and the confirm button that runs the listing steps (approval when needed, the signed Listing, the server), on
 * the form both tabs share.
 */
import { type ItemDetail, ItemType } from '@att/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { QuantityField } from '../../features/trade/core/QuantityField';
import type { TradeEnv } from '../../features/trade/core/trade-env';
import { SellProgress } from '../../features/trade/sell/SellProgress';
import { checkSell, quantityInput, type SellTerms } from '../../features/trade/sell/sell-validation';
import { saleRun, sellPlan } from '../../features/trade/sell/sell-plan';
import { type SaleStart, SaleTermsForm } from './SaleTermsForm';

interface Props {
  item: ItemDetail;
  auth: { id: string; ticket: string };
  free: number;
  env: TradeEnv | null;
  seller: Address;
}

const LISTING = { plan: sellPlan, run: saleRun };
const ORDER = ['quantity', 'price', 'period'] as const;

export function SellForm({ free, ...props }: Props) {
  const { item } = props;
  const { t } = useTranslation('sell');
  const ids = useId();
  const single = item.itemType === ItemType.Single;
  const [quantity, setQuantity] = useState('1');
  const quantityRef = useRef<HTMLInputElement>(null);

  return (
    <SaleTermsForm
      {...props}
      testPrefix="sell"
      kind={LISTING}
      toRun={(start: SaleStart<SellTerms>) => ({ ...start, item })}
      check={({ price, end }, now) => checkSell({ quantity: single ? '1' : quantity, price, end }, free, now)}
      order={ORDER}
      refs={{ quantity: quantityRef }}
      problemValues={{ count: free }}
      unavailable={
        free <= 0 && (
          <p className="empty-state" role="status" data-testid="sell-no-free">
            {t('form.noFree')}
          </p>
        )
      }
      before={({ problems, problemText }) => (
        <>
          <dl className="kv sell-facts">
            <div>
              <dt>{t('form.available')}</dt>
              <dd data-testid="sell-free">{t('form.availableCount', { count: free })}</dd>
            </div>
          </dl>

          {single ? (
            <div className="field">
              <label htmlFor={`${ids}-qty`}>{t('form.quantity')}</label>
              <p className="readonly-value" id={`${ids}-qty`}>
                {t('form.single')}
              </p>
            </div>
          ) : (
            <QuantityField
              id={`${ids}-qty`}
              label={t('form.quantity')}
              inputRef={quantityRef}
              value={quantity}
              onChange={(digits) => setQuantity(quantityInput(digits))}
              invalid={Boolean(problems.quantity)}
              describedBy={problems.quantity ? `${ids}-qty-err` : undefined}
              testId="sell-quantity"
            >
              {problems.quantity && (
                <p className="field-error" id={`${ids}-qty-err`} data-testid="sell-quantity-error">
                  {problemText('quantity')}
                </p>
              )}
            </QuantityField>
          )}
        </>
      )}
      progress={(flow) => <SellProgress state={flow.state} plan={flow.plan} onClose={flow.close} />}
    />
  );
}
