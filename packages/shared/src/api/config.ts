/** Configuration and category endpoints (no login, empty body). */
import { z } from 'zod';
import { dataReply, listReply } from './common';
import { TOKEN_SYMBOLS } from '../domain/tokens';

/** POST /config/front. */
export const frontConfigSchema = z.object({
  cdnUrl: z.string(),
  klayScanUrl: z.string(),
  /** Server time, ISO 8601. */
  dateServer: z.string(),
  /** Platform fee in basis points of 10000 as a decimal percent string, e.g. "2.5". */
  platformFee: z.string(),
  contract1155: z.string(),
  contractJoin: z.string(),
  contractAtt: z.string(),
  chainId: z.number().int(),
  /** True only on the local dev chain: the web may offer the built-in dev wallet. */
  devWallet: z.boolean(),
  /**
   * Ours: won a dollar for the KRW estimates shown beside the USD ones (Korean only), a decimal string set in the
   * operator console, and when it was set (ISO 8601); null until an operator sets it (no won estimate then).
   */
  krwPerUsd: z.string().nullable().optional(),
  krwRateDate: z.string().nullable().optional(),
  /** Whether members who have not signed in for a year have their personal data kept apart (the console's switch). */
  inactiveMembers: z.boolean(),
});
export type FrontConfig = z.infer<typeof frontConfigSchema>;
export const frontConfigReply = dataReply(frontConfigSchema);

/** POST /config/network: the chains the web may talk to; `data` is a JSON string {rpcUrl, explorerUrl, currency}. */
export const networkSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  network: z.string(),
  chainInt: z.number().int(),
  data: z.string(),
});
export type NetworkConfig = z.infer<typeof networkSchema>;
export const networkConfigReply = listReply(networkSchema);

/** POST /config/nft/info: item contract facts the publish and detail screens need. */
export const nftInfoSchema = z.object({
  contract1155: z.string(),
  tokenType: z.number().int(),
  royaltyMaxPercent: z.number(),
  platformFee: z.string(),
  blockChain: z.string(),
});
export const nftInfoReply = dataReply(nftInfoSchema);

/** POST /config/token/info: USD price per whole token (decimal string) and the token address (zero for KLAY). */
export const tokenInfoSchema = z.object({ symbol: z.enum(TOKEN_SYMBOLS), price: z.string(), address: z.string() });
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
export const tokenInfoReply = listReply(tokenInfoSchema);

/** POST /nft/category/list. `name` is the Korean name, `nameEn` the English; `code` is the route segment. */
export const categorySchema = z.object({
  idx: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  fileName: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListReply = listReply(categorySchema);
