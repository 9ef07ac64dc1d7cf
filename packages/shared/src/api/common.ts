/** Shared pieces of request/response schemas. */
import { z } from 'zod';
import { AUTH_TYPE, MAX_UINT256 } from '../domain/constants';

export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address')
  .transform((a) => a.toLowerCase() as `0x${string}`);
export const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]+$/, 'signature');
/** A decimal string of integer wei, at most 2^256 - 1 (what a uint256 holds). */
export const weiSchema = z
  .string()
  .regex(/^\d{1,78}$/, 'wei')
  .refine((v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= MAX_UINT256, 'wei above 2^256 - 1');
/** A USD amount: a decimal string floored to 4 decimals. */
export const usdSchema = z.string().regex(/^\d+(\.\d{1,4})?$/);
export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** Fields every logged-in call carries (the ticket may also come in the Authorization header). */
export const authFields = {
  id: z.string().min(1),
  ticketId: z.string().min(1),
};
export const authSchema = z.object(authFields);
export type Auth = z.infer<typeof authSchema>;

/** A message signed by the wallet: an EIP-4361 (Sign-In with Ethereum) message. */
export const signedFields = {
  authType: z.literal(AUTH_TYPE),
  address: addressSchema,
  message: z.string().min(1).max(2000),
  signature: signatureSchema,
};

export const emptySchema = z.object({}).passthrough();

export const pageSchema = z.object({
  totalRecordSize: z.number().int(),
  pageNo: z.number().int(),
  pageCount: z.number().int(),
});

/** The reply envelope. */
export function dataReply<T extends z.ZodType>(data: T) {
  return z.object({ returnCode: z.number().int(), data: data.optional() });
}
export function listReply<T extends z.ZodType>(item: T) {
  return z.object({ returnCode: z.number().int(), list: z.array(item).optional(), page: pageSchema.optional() });
}
export const codeReply = z.object({ returnCode: z.number().int() });
