/**
 * The accounts module's part of a withdrawal, on its own tables and inside the caller's transaction: the member row
 * locked and scrubbed to a former member (the shared FORMER_MEMBER_NAME marker for a name; no e-mail, text,
 * images, settings), and its sign-up codes, mail records, sessions, nonces and idempotency keys deleted.
 */
import { FORMER_MEMBER_NAME } from '@att/shared';
import type { Trx } from '../schema';
import type { LeavingMember } from './member-leaver';

/** The locked member row as the withdrawal needs it, or undefined. */
export async function lockMemberForWithdrawal(trx: Trx, memberIdx: number) {
  return trx
    .selectFrom('members')
    .select(['member_idx as memberIdx', 'address', 'state', 'profile_file as profileFile', 'banner_file as bannerFile'])
    .where('member_idx', '=', memberIdx)
    .forUpdate()
    .executeTakeFirst();
}

/** Scrubs the member row and deletes what accounts holds of them. */
export async function forgetAccount(trx: Trx, m: LeavingMember, now: Date): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      // The one marker every former member holds (no name of theirs, nothing to rewrite in replies).
      user_name: FORMER_MEMBER_NAME,
      name_skeleton: FORMER_MEMBER_NAME,
      email: `former-${m.memberIdx}@withdrawn.invalid`,
      about_me: '',
      profile_file: null,
      banner_file: null,
      lang: 'ko',
      flag_item_sell: 0,
      flag_bid: 0,
      flag_accept_offer: 0,
      flag_expired_sell: 0,
      flag_over_offer: 0,
      flag_min_offer: 0,
      flag_floor_move: 0,
      flag_email: 0,
      min_offer_price_klay: '0',
      min_offer_price_att: '0',
      state: 'deleted',
      withdrawn_at: now,
      updated_at: now,
    })
    .where('member_idx', '=', m.memberIdx)
    .execute();
  await trx.deleteFrom('email_certs').where('member_idx', '=', m.memberIdx).execute();
  await trx.deleteFrom('mail_sends').where('address', '=', m.address).execute();
  await trx.deleteFrom('tickets').where('member_idx', '=', m.memberIdx).execute();
  await trx.deleteFrom('sign_in_nonces').where('address', '=', m.address).execute();
  await trx.deleteFrom('idempotency_keys').where('member_idx', '=', m.memberIdx).execute();
}
