/**
 * One event of a history list (feed, profile tab, item page): event icon and label, item, price, quantity, from,
 * to, date and the explorer link (the hash as text where no explorer is configured, e.g. the local chain). A party without a member id shows a wallet icon and the raw address; a member
 * links to /Profile/{id}. Rows link the item to /NftInfo/{itemIdx}.
 */
import { formatTokenAmount, type HistoryRow } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalIcon, UserIcon, WalletIcon } from '../../components/ui/icons';
import { MemberLink, MemberName } from '../../components/ui/MemberName';
import { cdnImage, cdnUpload } from '../../lib/config';
import { EventIcon } from './EventIcon';
import { groupDigits } from '../../lib/format';
import { TxHash } from '../../components/ui/TxHash';
import { eventIcon } from './history-format';

export interface HistoryViewConfig {
  cdnUrl?: string;
  klayScanUrl?: string;
}

export function Party({
  address,
  id,
  fileName,
  cdnUrl,
}: {
  address: string | null;
  id: string | null;
  fileName: string | null;
  cdnUrl?: string;
}) {
  const { t } = useTranslation('history');
  if (!address) return <span className="muted">{t('row.noAddress')}</span>;
  if (!id) {
    return (
      <span
        className="party party-wallet"
        title={address}
        aria-label={t('row.walletAddress', { address })}
        data-testid="party-wallet"
      >
        <WalletIcon size={16} />
        <span className="party-address">{address}</span>
      </span>
    );
  }
  const photo = cdnImage(cdnUrl, 'profile', fileName);
  return (
    <MemberLink className="party party-member" name={id} address={address} data-testid="party-member">
      {photo ? <img src={photo} alt="" width={20} height={20} className="party-photo" /> : <UserIcon size={16} />}
      <span>
        <MemberName name={id} address={address} />
      </span>
    </MemberLink>
  );
}

function itemImage(cdnUrl: string | undefined, row: HistoryRow): string | null {
  if (row.itemResourceType === 1) return cdnUpload(cdnUrl, 'resource', row.itemFileName);
  return cdnUpload(cdnUrl, 'thumbnail', row.itemThumbnailFileName);
}

export function HistoryRowView({ row, config, lang }: { row: HistoryRow; config: HistoryViewConfig; lang: string }) {
  const { t } = useTranslation('history');
  const image = itemImage(config.cdnUrl, row);
  const date = new Date(row.date);
  return (
    <tr className="history-row" data-testid="history-row" data-type={row.type}>
      <td data-label={t('columns.event')} className="history-event">
        <EventIcon kind={eventIcon(row.type)} />
        <span data-testid="history-event">{t(`event.${row.type}` as 'event.0')}</span>
      </td>
      <td data-label={t('columns.item')} className="history-item">
        <Link to={`/NftInfo/${row.itemIdx}`} className="history-item-link">
          {image ? (
            <img src={image} alt="" width={36} height={36} loading="lazy" className="history-thumb" />
          ) : (
            <span className="history-thumb" />
          )}
          <span className="history-item-name">{row.itemName}</span>
        </Link>
      </td>
      <td data-label={t('columns.price')} className="history-price" data-testid="history-price">
        {row.price !== null && row.symbol
          ? `${groupDigits(formatTokenAmount(BigInt(row.price)))} ${row.symbol}`
          : t('row.noPrice')}
      </td>
      <td data-label={t('columns.quantity')} className="history-qty">
        {row.amount.toLocaleString(lang)}
      </td>
      <td data-label={t('columns.from')} className="history-from">
        <Party address={row.from} id={row.fromId} fileName={row.fromFileName} cdnUrl={config.cdnUrl} />
      </td>
      <td data-label={t('columns.to')} className="history-to">
        <Party address={row.to} id={row.toId} fileName={row.toFileName} cdnUrl={config.cdnUrl} />
      </td>
      <td data-label={t('columns.date')} className="history-date">
        <time dateTime={row.date}>
          {date.toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </td>
      <td data-label={t('columns.tx')} className="history-tx">
        {row.txConfirm ? (
          <TxHash
            hash={row.txConfirm}
            className="history-hash"
            explorerUrl={config.klayScanUrl}
            shown={{ head: 8, tail: 0 }}
            linkText={() => <ExternalIcon />}
            linkLabel={t('row.txLink')}
            linkTestId="history-tx"
            plainTestId="history-hash"
          />
        ) : (
          <span className="muted">{t('row.pending')}</span>
        )}
      </td>
    </tr>
  );
}
