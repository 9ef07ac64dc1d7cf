/**
 * Social's part of a withdrawal: the likes and the reports the member made are deleted (reports about them, written
 * by others, stay with the operator).
 */
import type { MemberLeaver } from '../accounts';

export const socialLeaver: MemberLeaver = {
  async forget(trx, m) {
    await trx.deleteFrom('item_likes').where('member_idx', '=', m.memberIdx).execute();
    await trx.deleteFrom('reports').where('reporter_idx', '=', m.memberIdx).execute();
  },
};
