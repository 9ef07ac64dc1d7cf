/** Accounts: exists, sign-up with e-mail verification, user info, settings. */
import { z } from 'zod';
import { ABOUT_ME_MAX } from '../domain/constants';
import { emailSchema, usernameSchema } from '../domain/validation';
import { WITHDRAWAL_OBLIGATIONS } from '../domain/withdrawal';
import { addressSchema, authFields, codeReply, dataReply, flagSchema, signedFields, weiSchema } from './common';

/**
 * POST /user/exist. Codes: 42 registered and verified (continue to sign-in); 41 not registered;
 * 13 e-mail awaiting verification (`email` set, MASKED like `a***@example.com`: anyone may ask about any
 * address); 85 sign-up mail expired (sign up again).
 */
export const userExistRequest = z.object({ address: addressSchema });
export const userExistReply = z.object({ returnCode: z.number().int(), email: z.string().optional() });

/**
 * POST /user/available (our addition, no signature): may a sign-up use this user name and/or e-mail? Ask before
 * the wallet signature so a taken name costs none. Only verified members hold a name or e-mail (a pending,
 * unverified sign-up of another wallet never blocks: the first to verify wins), so this says nothing about
 * pending sign-ups. `data` has one code per field given: 0 free; 42 name taken (or confusable with a member's);
 * 223 e-mail taken; 5 malformed. returnCode: 0 when every given field is free, else the first non-zero of
 * id, email; 6 when neither is given; 108 past 30 calls a minute from one client.
 */
export const userAvailableRequest = z.object({
  id: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
});
export const availabilitySchema = z.object({ id: z.number().int().optional(), email: z.number().int().optional() });
export const userAvailableReply = dataReply(availabilitySchema);

/**
 * POST /cert/email/register/request: sign up (or resubmit a pending sign-up from the same address).
 * Codes: 0 mail sent; 42 user name taken (or confusable with a member's); 223 e-mail taken; 226 address already
 * registered; 46 the wallet withdrew less than RESIGNUP_AFTER_WITHDRAWAL_DAYS ago; 111 too many mails (per address, per mailbox, per client or overall); 47 under 19; 5 consent or
 * field invalid; 2 signature wrong; 85 message expired; 118 mail could not be sent.
 * Only verified members hold names and e-mails: a pending sign-up does not block another wallet.
 */
export const signUpRequest = z.object({
  ...signedFields,
  email: emailSchema,
  id: usernameSchema,
  lang: z.enum(['ko', 'en']),
  aboutMe: z.string().max(ABOUT_ME_MAX).default(''),
  agreeAge: z.literal(true),
  agreeTerms: z.literal(true),
  agreePrivacy: z.literal(true),
  /**
   * The referrer's share code (`?ref=` of the link the member came by: a member's user name, or their address).
   * An unknown, blocked or own code is ignored, and so is a malformed one (not a string, over 64 characters): a
   * referral never refuses a sign-up.
   */
  ref: z.string().max(64).optional().catch(undefined),
});
export type SignUpRequest = z.input<typeof signUpRequest>;
export const signUpReply = codeReply;

/**
 * POST /cert/email/register/resend (our addition): mail a new code for this address's pending sign-up (older
 * codes are voided), signed by the same wallet as the sign-up. Counts against the same mail quotas.
 * Codes: 0 mail sent; 41 no pending sign-up; 226 already verified; 42/223 a member verified that name or
 * e-mail meanwhile; 111 too many mails; 118 mail could not be sent; 2 signature wrong; 85 message expired.
 */
export const signUpResendRequest = z.object({ ...signedFields, lang: z.enum(['ko', 'en']).optional() });
export const signUpResendReply = codeReply;

/**
 * POST /cert/email/register/email (our addition): change the e-mail of this address's pending sign-up and mail a
 * new code there (older codes are voided), signed by the same wallet as the sign-up.
 * Codes: 0 mail sent; 41 no pending sign-up; 226 already verified; 223 e-mail taken; 42 a member verified the
 * name meanwhile; 111 too many mails; 118 mail could not be sent; 5 malformed e-mail; 2; 85.
 */
export const signUpEmailChangeRequest = z.object({
  ...signedFields,
  email: emailSchema,
  lang: z.enum(['ko', 'en']).optional(),
});
export const signUpEmailChangeReply = codeReply;

/**
 * POST /emailVerify/register/check: completes sign-up with the code from the mail.
 * Codes: 0; 114 wrong code; 85 code expired or voided by a newer mail; 11 already verified;
 * 25 too many wrong codes; 41 no pending sign-up; 2 signature wrong or not the signing address;
 * 42/223 another wallet verified that name or e-mail first (first verification wins).
 */
export const emailVerifyRequest = z.object({
  ...signedFields,
  email: z.string().min(1).max(254),
  cert: z.string().min(1).max(128),
});
export const emailVerifyReply = codeReply;

export const userInfoSchema = z.object({
  id: z.string(),
  memberIdx: z.number().int(),
  aboutMe: z.string(),
  banner: z.string().nullable(),
  profile: z.string().nullable(),
  createDate: z.string(),
  collectionCount: z.number().int(),
  email: z.string(),
  erc20Address: z.string(),
  flagItemSell: flagSchema,
  flagBid: flagSchema,
  flagAcceptOffer: flagSchema,
  flagExpiredSell: flagSchema,
  flagOverOffer: flagSchema,
  flagMinOffer: flagSchema,
  /** Ours: a followed collection's floor moved past the member's threshold (the watchlist's alert). */
  flagFloorMove: flagSchema,
  flagEmail: flagSchema,
  minOfferPriceKlay: weiSchema,
  minOfferPriceAtt: weiSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST /user/info (logged in): own full info. Codes: 0; 27/28/29. */
export const userInfoRequest = z.object(authFields);
export const userInfoReply = dataReply(userInfoSchema);

/** Public part of a member, as others see it. */
export const publicUserSchema = userInfoSchema
  .pick({
    id: true,
    memberIdx: true,
    aboutMe: true,
    banner: true,
    profile: true,
    createDate: true,
    collectionCount: true,
    erc20Address: true,
  })
  .extend({
    /** True for a member who withdrew: no name, picture or text; their items and trades stay under the address. */
    former: z.boolean().optional(),
    /**
     * True for a member who has not signed in for a year: their personal data (e-mail, about-me, pictures) is kept
     * apart until they sign in again, so none is shown; their name, items and trades stay.
     */
    inactive: z.boolean().optional(),
  });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /user/info/id: public info by user name, or a former member's by their address (`former: true`). Codes: 0;
 * 255 member not found. */
export const userInfoByIdRequest = z.object({ userId: z.string().min(1).max(64) });
export const userInfoByIdReply = dataReply(publicUserSchema);

/** POST /user/update (logged in): about-me. Codes: 0; 5 over 140 characters; 27/28/29. */
export const userUpdateRequest = z.object({ ...authFields, aboutMe: z.string().max(ABOUT_ME_MAX) });
export const userUpdateReply = codeReply;

/** POST /user/alarm/update (logged in): notification settings. Codes: 0; 5; 6; 27/28/29. */
export const userAlarmUpdateRequest = z.object({
  ...authFields,
  flagItemSell: flagSchema,
  flagBid: flagSchema,
  flagAcceptOffer: flagSchema,
  flagExpiredSell: flagSchema,
  flagOverOffer: flagSchema,
  flagMinOffer: flagSchema,
  /** Ours (absent: unchanged, so the spec's clients keep working). */
  flagFloorMove: flagSchema.optional(),
  flagEmail: flagSchema.optional(),
  minOfferPriceKlay: weiSchema,
  minOfferPriceAtt: weiSchema,
});
export type UserAlarmUpdate = z.infer<typeof userAlarmUpdateRequest>;
export const userAlarmUpdateReply = codeReply;

/**
 * POST /user/upload/profile/{id} and /user/upload/banner/{id} with `Authorization: Bearer {ticket}` (preferred:
 * the ticket stays out of URLs and logs), or the older /user/upload/{kind}/{id}/{ticket}: multipart field `file`.
 * Codes: 0 (data.fileName, served at {cdnUrl}/user/profile|banner/{fileName}); 81 no file;
 * 5 not a jpg/png/gif by content or over IMAGE_MAX_BYTES (a truncated stream is refused); 27/28/29.
 */
export const uploadReply = dataReply(z.object({ fileName: z.string() }));

/**
 * POST /user/withdraw (our addition, logged in): leave, with a fresh wallet signature over a nonce of
 * /ticket/nonce (a ticket alone cannot delete). Codes: 0 withdrawn (every ticket ended); 22 something must end
 * first (`data.obligations`, each with its count, texts and page); 44 already withdrawn; 2 signature, domain, chain,
 * nonce or address wrong (or the address is not the ticket's); 85 message expired; 27/28/29 ticket.
 */
export const userWithdrawRequest = z.object({ ...authFields, ...signedFields });
export const withdrawalObligationSchema = z.object({
  kind: z.enum(WITHDRAWAL_OBLIGATIONS),
  count: z.number().int(),
  ko: z.string(),
  en: z.string(),
  path: z.string(),
});
export const userWithdrawReply = z.object({
  returnCode: z.number().int(),
  data: z.object({ obligations: z.array(withdrawalObligationSchema) }).optional(),
});
