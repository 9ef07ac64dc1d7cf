import { adminQueries } from './admin-queries';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { isLoggedIn, useSession } from '../../lib/session';
import { AuditTab } from './AuditTab';
import { CategoriesTab } from './CategoriesTab';
import { CurationTab } from './CurationTab';
import { FaqTab } from './FaqTab';
import { InquiriesTab } from './InquiriesTab';
import { MembersTab } from './MembersTab';
import { NoticesTab } from './NoticesTab';
import { PricesTab } from './PricesTab';
import { ReferralPayoutsTab } from './ReferralPayoutsTab';
import { ReportsTab } from './ReportsTab';

const TABS = {
  notices: NoticesTab,
  faq: FaqTab,
  inquiries: InquiriesTab,
  categories: CategoriesTab,
  curation: CurationTab,
  reports: ReportsTab,
  prices: PricesTab,
  members: MembersTab,
  referral: ReferralPayoutsTab,
  audit: AuditTab,
} as const;
type TabName = keyof typeof TABS;
const TAB_NAMES = Object.keys(TABS) as TabName[];

/**
 * /admin: the operator console. Operators sign in with their wallet like members (header); the server checks
 * the allow-list on every call, this page only asks /admin/me to decide what to show.
 */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const authed = isLoggedIn(session);
  const me = useQuery(adminQueries.me(session.id, session.ticket));
  const tabParam = params.get('tab');
  const tab: TabName = TAB_NAMES.includes(tabParam as TabName) ? (tabParam as TabName) : 'notices';
  const Tab = TABS[tab];

  let body;
  if (!authed)
    body = (
      <p className="card empty-state" data-testid="admin-sign-in">
        {t('signIn')}
      </p>
    );
  else if (me.isPending) body = <Spinner />;
  else if (me.error) {
    const code = me.error instanceof ApiError ? me.error.code : 0;
    body = (
      <p className="card empty-state" data-testid="admin-denied" data-code={code}>
        {code === 2 ? t('notOperator') : t('signIn')}
      </p>
    );
  } else {
    body = (
      <>
        <div className="tabs admin-tabs" role="tablist" aria-label={t('tabs.label')}>
          {TAB_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === name}
              data-testid={`admin-tab-${name}`}
              onClick={() => setParams({ tab: name })}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="tab-panel" data-testid={`admin-panel-${tab}`}>
          <Tab />
        </div>
      </>
    );
  }
  return (
    <section className="page admin-page" data-testid="admin-console">
      <div className="admin-heading">
        <h1 className="page-title">{t('title')}</h1>
        {me.data?.data && (
          <span className="muted small" data-testid="admin-operator">
            {t('operator', { id: me.data.data.id })}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}
