/** Accounts: exists, sign-up with e-mail verification, user info, settings. */
import { z } from 'zod';
import { ABOUT_ME_MAX } from '../domain/constants';
import { emailSchema, usernameSchema } from '../domain/validation';
import { addressSchema, authFields, codeReply, dataReply, flagSchema, signedFields, weiSchema } from './common';

/**
 * POST /user/exist. Codes: 42 registered and verified (continue to sign-in); 41 not registered;
 * 13 e-mail awaiting verification (data.email set); 85 sign-up mail expired (sign up again).
 */
export const userExistRequest = z.object({ address: addressSchema });
export const userExistReply = z.object({ returnCode: z.number().int(), email: z.string().optional() });

/**
 * POST /cert/email/register/request: sign up (or resend the mail of a pending sign-up from the same address).
 * Codes: 0 mail sent; 42 user name taken; 223 e-mail taken; 226 address already registered;
 * 111 too many requests; 47 under 19; 5 consent or field invalid; 2 signature wrong; 85 message expired;
 * 118 mail could not be sent.
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
});
export type SignUpRequest = z.input<typeof signUpRequest>;
export const signUpReply = codeReply;

/**
 * POST /emailVerify/register/check: completes sign-up with the code from the mail.
 * Codes: 0; 114 wrong code; 85 code expired or voided by a newer mail; 11 already verified;
 * 25 too many wrong codes; 41 no pending sign-up; 2 signature wrong or not the signing address.
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
  flagEmail: flagSchema,
  minOfferPriceKlay: weiSchema,
  minOfferPriceAtt: weiSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST /user/info (logged in): own full info. Codes: 0; 27/28/29. */
export const userInfoRequest = z.object(authFields);
export const userInfoReply = dataReply(userInfoSchema);

/** Public part of a member, as others see it. */
export const publicUserSchema = userInfoSchema.pick({
  id: true,
  memberIdx: true,
  aboutMe: true,
  banner: true,
  profile: true,
  createDate: true,
  collectionCount: true,
  erc20Address: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /user/info/id: public info by user name. Codes: 0; 255 member not found. */
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
  flagEmail: flagSchema.optional(),
  minOfferPriceKlay: weiSchema,
  minOfferPriceAtt: weiSchema,
});
export type UserAlarmUpdate = z.infer<typeof userAlarmUpdateRequest>;
export const userAlarmUpdateReply = codeReply;

/**
 * POST /user/upload/profile/{id}/{ticket} and /user/upload/banner/{id}/{ticket}: multipart field `file`.
 * Codes: 0 (data.fileName, served at {cdnUrl}/user/profile|banner/{fileName}); 81 no file;
 * 5 not a jpg/png/gif by content or over 2 MB; 27/28/29.
 */
export const uploadReply = dataReply(z.object({ fileName: z.string() }));
