/** The watchlist's part of a withdrawal: the member's follows are deleted. */
import type { MemberLeaver } from '../accounts';

export const watchlistLeaver: MemberLeaver = {
  async forget(trx, m) {
    await trx.deleteFrom('watch_follows').where('member_idx', '=', m.memberIdx).execute();
  },
};
