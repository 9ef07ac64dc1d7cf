/** Kysely types of the accounts module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp, Wei } from '../../platform/db/column-types';

export interface MembersTable {
  member_idx: Generated<number>;
  user_name: string;
  /** Confusable key of user_name (platform/text/name-skeleton.ts nameKey). */
  name_skeleton: string;
  address: string;
  email: string;
  email_verified_at: NullableTimestamp;
  about_me: ColumnType<string, string | undefined, string>;
  profile_file: string | null;
  banner_file: string | null;
  lang: 'ko' | 'en';
  flag_item_sell: Flag;
  flag_bid: Flag;
  flag_accept_offer: Flag;
  flag_expired_sell: Flag;
  flag_over_offer: Flag;
  flag_min_offer: Flag;
  flag_floor_move: Flag;
  flag_email: Flag;
  min_offer_price_klay: Wei;
  min_offer_price_att: Wei;
  state: ColumnType<MemberState, MemberState | undefined, MemberState>;
  /** The member whose share link this member signed up through (referral rewards). */
  referrer_member_idx: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the member withdrew (state 'deleted'); NULL otherwise. */
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The member's last sign-in (a ticket), or their verification for one who never signed in. */
  last_sign_in_at: ColumnType<Date, Date | undefined, Date>;
  /** When the notice that their data is about to be kept apart was mailed; NULL again once they sign in. */
  inactive_notice_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When their personal data was moved to `inactive_members`; NULL while it is in this row. */
  inactive_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailCertsTable {
  cert_idx: Generated<number>;
  member_idx: number | null;
  address: string;
  email: string;
  code_hash: string;
  expires_at: Timestamp;
  voided_at: NullableTimestamp;
  used_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One reserved verification mail; the mail quotas count these. */
export interface MailSendsTable {
  send_idx: Generated<string>;
  address: string;
  /** Mailbox key: lowercase, `+tag` removed from the local part. */
  email_key: string;
  /** The client (IP) that asked. */
  client_key: string;
  created_at: Timestamp;
}

export interface SignInNoncesTable {
  nonce: string;
  address: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface TicketsTable {
  ticket_hash: string;
  member_idx: number;
  address: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export type MemberState = 'active' | 'blocked' | 'deleted';

/** The accounts module's tables (it alone writes them). */
/** A member's idempotency key of a money call (platform/http/idempotency.ts); `reply` NULL while it runs. */
export interface IdempotencyKeysTable {
  member_idx: number;
  idem_key: string;
  request_hash: string;
  reply: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** An inactive member's personal data, kept apart from `members` until they sign in again (nothing else reads it). */
export interface InactiveMembersTable {
  member_idx: number;
  email: string;
  about_me: string;
  profile_file: string | null;
  banner_file: string | null;
  flag_email: Flag;
  moved_at: Date;
}

export interface AccountsTables {
  members: MembersTable;
  email_certs: EmailCertsTable;
  mail_sends: MailSendsTable;
  sign_in_nonces: SignInNoncesTable;
  tickets: TicketsTable;
  idempotency_keys: IdempotencyKeysTable;
  inactive_members: InactiveMembersTable;
}
