/**
 * The header's alert list: a bell with the unread count, and a menu with the newest alerts (what
 * the floating alert said, the item's name, when); a click opens the item (or the inquiry list, or a floor alert's
 * collection) and marks that alert
 * read, "mark all read" clears the count. Loaded only for a signed-in member (lazily: a visitor's first load does not carry it); read again
 * when an alert arrives on the socket, so a member who was offline sees what happened as soon as they sign in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { apiQuery } from '../../lib/api';
import { useSession } from '../../lib/session';
import { alertKeys, alertQueries } from './alert-queries';
import { useAlertCorrection, useFloatingAlert } from './alert-store';
import { alertFloorMoveText, alertPath, alertTextKey, alertTopBidText } from './alert-text';
import './alert-inbox.css';

const dateOf = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'short', timeStyle: 'short' });

export default function AlertInbox() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const client = useQueryClient();
  const inbox = useQuery(alertQueries.inbox(session));
  const arrived = useFloatingAlert();
  const corrected = useAlertCorrection();
  // An alert on the socket: the list and its count are read again.
  useEffect(() => {
    if (arrived?.visible) void client.invalidateQueries({ queryKey: alertKeys.all });
  }, [arrived, client]);
  // So are they after a correction: the alert it takes back is no longer listed.
  useEffect(() => {
    if (corrected) void client.invalidateQueries({ queryKey: alertKeys.all });
  }, [corrected, client]);
  const unread = inbox.data?.unreadCount ?? 0;
  const list = inbox.data?.list ?? [];
  // An alert opened from the list is read (that one only).
  const markRead = async (alertIdx: string) => {
    if (!session.id || !session.ticket) return;
    await apiQuery('/alert/read', { id: session.id, ticketId: session.ticket, alertIdx }).catch(() => undefined);
    await client.invalidateQueries({ queryKey: alertKeys.all });
  };
  const markAllRead = async () => {
    if (!session.id || !session.ticket || list.length === 0) return;
    // Up to the newest shown: one that arrives meanwhile stays unread.
    await apiQuery('/alert/read', { id: session.id, ticketId: session.ticket, upTo: list[0]!.alertIdx }).catch(
      () => undefined,
    );
    await client.invalidateQueries({ queryKey: alertKeys.all });
  };
  return (
    <Menu
      align="right"
      testId="alert-inbox"
      triggerClassName="icon-button alert-inbox-trigger"
      label={
        <>
          <BellIcon />
          {/* The name is this text, not an aria-label: the count drawn on the bell stays part of what is read out. */}
          <span className="sr-only">{unread > 0 ? t('alert.inboxUnread', { count: unread }) : t('alert.inbox')}</span>
          {unread > 0 && (
            <span className="alert-inbox-count" data-testid="alert-inbox-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="menu-list alert-inbox" data-testid="alert-inbox-list">
          <div className="alert-inbox-head">
            <strong>{t('alert.inbox')}</strong>
            {unread > 0 && (
              <button
                type="button"
                className="link-sm alert-inbox-read"
                data-testid="alert-inbox-read"
                onClick={() => void markAllRead()}
              >
                {t('alert.markAllRead')}
              </button>
            )}
          </div>
          {inbox.isPending && <p className="alert-inbox-note">{t('loading')}</p>}
          {inbox.isError && !inbox.data && (
            <p className="alert-inbox-note">
              {t('alert.inboxFailed')}{' '}
              <button type="button" className="link-sm" onClick={() => void inbox.refetch()}>
                {t('alert.retry')}
              </button>
            </p>
          )}
          {inbox.data && list.length === 0 && (
            <p className="alert-inbox-note" data-testid="alert-inbox-empty">
              {t('alert.inboxEmpty')}
            </p>
          )}
          {list.length > 0 && (
            <ul className="alert-inbox-items">
              {list.map((a) => {
                return (
                  <li key={a.alertIdx}>
                    <button
                      type="button"
                      className={`menu-item alert-inbox-item ${a.read ? '' : 'is-unread'}`}
                      data-testid={`alert-inbox-item-${a.alertIdx}`}
                      onClick={() => {
                        close();
                        if (!a.read) void markRead(a.alertIdx);
                        const path = alertPath(a);
                        if (path) navigate(path);
                      }}
                    >
                      <span className="alert-inbox-text">{t(alertTextKey(a.type))}</span>
                      {a.itemName && <span className="alert-inbox-item-name">{a.itemName}</span>}
                      {a.topBid && <span className="alert-inbox-top-bid">{alertTopBidText(t, a.topBid)}</span>}
                      {a.floorMove && (
                        <span className="alert-inbox-top-bid" data-testid="alert-inbox-floor-move">
                          {alertFloorMoveText(t, a.floorMove)}
                        </span>
                      )}
                      <span className="alert-inbox-date">{dateOf(a.createDate, i18n.language)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Menu>
  );
}
