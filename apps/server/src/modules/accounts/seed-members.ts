/**
 * Verified members created without the sign-up flow (demo members for `npm start`, benches, tests), idempotent:
 * a member whose address, name or e-mail exists is skipped.
 */
import { sql } from 'kysely';
import { nameKey } from '../../platform/text/name-skeleton';
import type { Db } from '../schema';
import { systemClock } from '../../platform/clock';

export interface SeedMember {
  address: string;
  userName: string;
  email: string;
  aboutMe?: string;
  lang?: 'ko' | 'en';
}

/** The demo operator (anvil account 6): `npm start` puts it on OPERATOR_ADDRESSES unless that is set. */
export const DEMO_OPERATOR: SeedMember = {
  address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  userName: 'demo_operator',
  email: 'operator@demo.local',
};

/** Demo members on anvil's well-known accounts 7, 8 and 9, and the operator on 6 (accounts 0-5 stay free for sign-up journeys). */
export const DEMO_MEMBERS: readonly SeedMember[] = [
  {
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    userName: 'demo_artist',
    email: 'artist@demo.local',
    aboutMe: '데모 작가입니다.',
  },
  {
    address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
    userName: 'demo_collector',
    email: 'collector@demo.local',
    aboutMe: 'Demo collector.',
    lang: 'en',
  },
  { address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', userName: 'demo_seller', email: 'seller@demo.local' },
  DEMO_OPERATOR,
];

export async function seedMembers(db: Db, members: readonly SeedMember[], now = systemClock()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const m of members) {
      const address = m.address.toLowerCase();
      const clash = await trx
        .selectFrom('members')
        .select('member_idx')
        .where((eb) =>
          eb.or([
            eb('address', '=', address),
            eb(sql<string>`lower(user_name)`, '=', m.userName.toLowerCase()),
            eb(sql<string>`lower(email)`, '=', m.email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      if (clash) continue;
      await trx
        .insertInto('members')
        .values({
          user_name: m.userName,
          name_skeleton: nameKey(m.userName),
          address,
          email: m.email,
          email_verified_at: now,
          about_me: m.aboutMe ?? '',
          lang: m.lang ?? 'ko',
          profile_file: null,
          banner_file: null,
        })
        .execute();
    }
  });
}
