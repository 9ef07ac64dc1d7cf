import { INTERVALS, type UserInfo } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { NotSignedIn } from '../../features/auth/RequireLogin';
import { authQueries } from '../../features/auth';
import { useSession } from '../../lib/session';
import { GeneralTab } from './GeneralTab';
import { NotificationsTab } from './NotificationsTab';
import { WalletTab } from './WalletTab';

const TABS = ['wallet', 'general', 'notifications'] as const;
type Tab = (typeof TABS)[number];

export function AccountSetting() {
  const session = useSession();
  if (!session.id || !session.ticket) return <NotSignedIn />;
  return <AccountSettingBody id={session.id} ticket={session.ticket} address={session.address ?? ''} />;
}

function AccountSettingBody({ id, ticket, address }: { id: string; ticket: string; address: string }) {
  const { t } = useTranslation('account');
  const [tab, setTab] = useState<Tab>('wallet');
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ wallet: null, general: null, notifications: null });
  // Poll the user info each second, up to 10 times, until it loads.
  const info = useQuery({
    ...authQueries.userInfo(id, ticket),
    staleTime: 0,
    retry: INTERVALS.accountInfoPollTimes - 1,
    retryDelay: INTERVALS.accountInfoPollMs,
  });

  function onKeyDown(e: React.KeyboardEvent, index: number) {
    let next = index;
    if (e.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    else return;
    e.preventDefault();
    const key = TABS[next]!;
    setTab(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <section className="page page-medium">
      <h1 className="page-title">{t('title')}</h1>
      <div className="tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${baseId}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className="tab"
            data-testid={`account-tab-${key}`}
            onClick={() => setTab(key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div
        className="card tab-panel"
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        tabIndex={0}
      >
        {tab === 'wallet' ? (
          <WalletTab address={address || info.data?.erc20Address || ''} />
        ) : info.data ? (
          <TabBody tab={tab} info={info.data} auth={{ id, ticket }} />
        ) : info.isError ? (
          <div className="empty-state">
            <p role="alert">{t('loadFailed')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void info.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <Spinner label={t('loading')} />
        )}
      </div>
    </section>
  );
}

function TabBody({ tab, info, auth }: { tab: Tab; info: UserInfo; auth: { id: string; ticket: string } }) {
  if (tab === 'general') return <GeneralTab info={info} auth={auth} />;
  return <NotificationsTab info={info} auth={auth} />;
}
