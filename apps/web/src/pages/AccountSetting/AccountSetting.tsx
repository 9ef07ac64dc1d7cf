import { INTERVALS, type UserInfo } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TabBar, useTabs } from '../../components/ui/TabBar';
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
  const tabs = useTabs<Tab>('wallet');
  // Poll the user info each second, up to 10 times, until it loads.
  const info = useQuery({
    ...authQueries.userInfo(id, ticket),
    staleTime: 0,
    retry: INTERVALS.accountInfoPollTimes - 1,
    retryDelay: INTERVALS.accountInfoPollMs,
  });

  return (
    <section className="page page-medium">
      <h1 className="page-title">{t('title')}</h1>
      <TabBar tabs={TABS} {...tabs.bar} label={t('tabs.label')} testId={(key) => `account-tab-${key}`}>
        {(key) => t(`tabs.${key}`)}
      </TabBar>
      <div className="card tab-panel" {...tabs.panel}>
        {tabs.tab === 'wallet' ? (
          <WalletTab address={address || info.data?.erc20Address || ''} />
        ) : info.data ? (
          <TabBody tab={tabs.tab} info={info.data} auth={{ id, ticket }} />
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
