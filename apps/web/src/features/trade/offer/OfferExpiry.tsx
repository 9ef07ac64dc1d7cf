/**
 * When an offer expires, as every offer list and popup shows it: the date and time in the page's language, in the
 * lists' format (`listDateFormat`), with the ISO instant as the `<time>`'s machine value.
 */
import { listDateFormat } from '../list/TradeTable';

export function OfferExpiry({ date, language }: { date: string; language: string | undefined }) {
  const fmt = listDateFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return <time dateTime={date}>{fmt.format(new Date(date))}</time>;
}
