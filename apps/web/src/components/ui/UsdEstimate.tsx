/**
 * A USD estimate as every page shows it ("$1,234.5"), and in Korean the won estimate beside it ("≈ ₩1,703,610"):
 * whole won, floored, computed from the USD figure and the operator's won-a-dollar rate (/config/front) with integers
 * only (`krwOfUsd`), with the time the rate was set. English keeps USD alone; without a rate there is no won figure.
 */
import { krwOfUsd } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { useFrontConfig } from '../../lib/config';
import { groupDigits } from '../../lib/format';

/** "11. 29. 18:00" style: the rate's time in Korean. */
const rateTime = (iso: string) =>
  new Date(iso).toLocaleString('ko-KR', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function UsdEstimate({ usd, className }: { usd: string; className?: string }) {
  const { t, i18n } = useTranslation('common');
  const front = useFrontConfig().data;
  const korean = i18n.resolvedLanguage !== 'en';
  const won = korean && front?.krwPerUsd ? krwOfUsd(usd, front.krwPerUsd) : '';
  return (
    <span className={className}>
      ${groupDigits(usd)}
      {won && (
        <span className="krw-estimate" data-testid="krw-estimate">
          {' '}
          {t('krw.estimate', { won: groupDigits(won) })}
          {front?.krwRateDate && (
            <span className="krw-rate-time"> {t('krw.rateAt', { time: rateTime(front.krwRateDate) })}</span>
          )}
        </span>
      )}
    </span>
  );
}
