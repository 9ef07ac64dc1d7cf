/** Alerts' part of a withdrawal: the member's alert inbox and their mail unsubscribe links are deleted. */
import type { MemberLeaver } from '../accounts';
import { forgetAlertsOf } from './outbox-repository';

export const alertsLeaver: MemberLeaver = {
  async forget(trx, m) {
    await forgetAlertsOf(trx, m.address);
    await trx.deleteFrom('mail_unsubscribes').where('address', '=', m.address).execute();
  },
};
