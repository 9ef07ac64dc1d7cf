/**
 * The coins a price can be in (spec 1 section 9): the platform token ATT (ERC-20, 18 decimals) and the native
 * coin KLAY. The one list: server, web, demo and tests read it from here.
 */
export const TOKEN_SYMBOLS = ['ATT', 'KLAY'] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];
/** The symbols by name, for code that means one of them (`Token.KLAY` is the native coin). */
export const Token = { ATT: 'ATT', KLAY: 'KLAY' } as const satisfies Record<TokenSymbol, TokenSymbol>;
export const TOKEN_DECIMALS = 18;
export const isTokenSymbol = (s: unknown): s is TokenSymbol => s === Token.ATT || s === Token.KLAY;
/** The native coin has no contract: its "token address" on the Market is the zero address. */
export const isNativeToken = (symbol: TokenSymbol): boolean => symbol === Token.KLAY;
