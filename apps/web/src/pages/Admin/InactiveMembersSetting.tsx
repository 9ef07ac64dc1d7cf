import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { frontConfigQuery, useFrontConfig } from '../../lib/config';
import { useAuthFields } from './admin-kit';

/**
 * The inactive-member switch (`/admin/config/inactive`, audited): on, members who have not signed in for a year have
 * their personal data kept apart (mailed 30 days before); off, nothing is; the privacy policy says which.
 */
export function InactiveMembersSetting() {
  const { t } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const on = useFrontConfig().data?.inactiveMembers;
  const save = useApiCall('/admin/config/inactive', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: frontConfigQuery.queryKey });
      popups.ok(t('common.saved'));
    },
  });
  const flip = () => {
    if (on === undefined || save.busy) return;
    popups.confirm(t(on ? 'inactive.offConfirm' : 'inactive.onConfirm'), () => save.run({ ...auth, on: !on }));
  };
  return (
    <section className="card admin-inline-form" data-testid="admin-inactive">
      <p>
        <strong>{t('inactive.title')}</strong>{' '}
        <span data-testid="admin-inactive-state">{on === undefined ? '' : t(on ? 'inactive.on' : 'inactive.off')}</span>
      </p>
      <p className="hint">{t('inactive.hint')}</p>
      <button
        type="button"
        className="btn btn-outline"
        disabled={on === undefined || save.busy}
        onClick={flip}
        data-testid="admin-inactive-toggle"
      >
        {t(on ? 'inactive.turnOff' : 'inactive.turnOn')}
      </button>
    </section>
  );
}
