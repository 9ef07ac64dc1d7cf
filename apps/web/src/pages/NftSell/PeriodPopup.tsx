/**
 * The calendar popup of the sell page (spec 3, section 2): quick picks for the end (+1 day, +3 days, +1, +3 and
 * +6 months), two day pickers (the start is today and fixed; the end from the start up to 6 months ahead) and
 * an apply button. Native date inputs: keyboard and screen-reader friendly on every browser and phone.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import {
  addDays,
  dayValue,
  endFromDay,
  latestEnd,
  QUICK_PICKS,
  type QuickPick,
} from '../../features/trade/sell/sell-validation';

export function PeriodPopup({
  initialEnd,
  onApply,
  onClose,
}: {
  initialEnd: Date | null;
  onApply: (end: Date) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sell');
  const [start] = useState(() => new Date());
  const [end, setEnd] = useState<Date | null>(initialEnd && initialEnd > start ? initialEnd : null);
  const [pick, setPick] = useState<QuickPick | null>(null);
  const [missing, setMissing] = useState(false);

  const choose = (key: QuickPick, days: number) => {
    setPick(key);
    setMissing(false);
    // From this moment, so the 6-month pick is never past the limit by the time it is applied.
    setEnd(addDays(new Date(), days));
  };
  const apply = () => {
    if (!end || end <= new Date()) {
      setMissing(true);
      return;
    }
    onApply(end);
  };

  return (
    <Dialog
      title={t('calendar.title')}
      onClose={onClose}
      size="md"
      testId="sell-period-popup"
      footer={
        <button type="button" className="btn btn-primary" onClick={apply} data-testid="sell-period-apply">
          {t('calendar.apply')}
        </button>
      }
    >
      <div className="sell-period">
        <div className="sell-quick" role="group" aria-label={t('calendar.quickLabel')}>
          {QUICK_PICKS.map((q) => (
            <button
              key={q.key}
              type="button"
              className="chip"
              aria-pressed={pick === q.key}
              data-testid={`sell-quick-${q.key}`}
              onClick={() => choose(q.key, q.days)}
            >
              {t(`calendar.quick.${q.key}`)}
            </button>
          ))}
        </div>
        <div className="sell-days">
          <div className="field">
            <label htmlFor="sell-start">{t('calendar.start')}</label>
            <input
              id="sell-start"
              type="date"
              value={dayValue(start)}
              min={dayValue(start)}
              max={dayValue(start)}
              readOnly
              data-testid="sell-start-day"
            />
          </div>
          <div className="field">
            <label htmlFor="sell-end">{t('calendar.end')}</label>
            <input
              id="sell-end"
              type="date"
              value={end ? dayValue(end) : ''}
              min={dayValue(addDays(start, 1))}
              max={dayValue(latestEnd(start))}
              aria-invalid={missing || undefined}
              aria-describedby="sell-period-note"
              data-testid="sell-end-day"
              onChange={(e) => {
                setPick(null);
                setMissing(false);
                setEnd(endFromDay(e.target.value, new Date()));
              }}
            />
          </div>
        </div>
        <p id="sell-period-note" className="muted small">
          {t('calendar.note')}
        </p>
        {missing && (
          <p className="field-error" role="alert">
            {t('calendar.chooseEnd')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
