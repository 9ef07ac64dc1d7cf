/**
 * anvil's ten default accounts (mnemonic "test test test test test test test test test test test junk",
 * derivation path m/44'/60'/0'/0/i). Public knowledge: use them only on a local development chain.
 */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly `0x${string}`[];

/** The local chain's well-known mnemonic (anvil's default; public knowledge, dev only). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * The marketplace's own roles on the local chain: accounts 10-14 of anvil's mnemonic, past the ten funded dev
 * wallets, so no demo member or offered dev wallet is ever the deployer, validator, fee receiver, keeper or
 * operator (their balances do not move with trades). `npm start` funds them with `anvil_setBalance`.
 * Derived once here (`test/accounts.test.ts` checks them against the mnemonic).
 */
export const DEV_ROLE_KEYS = {
  /** Deploys and owns ATT, Items and the Market; hands out the demo ATT. */
  deployer: '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897',
  /** Co-signs (restricts) reservations, transfers, auctions, offers; authorizes nothing alone. */
  validator: '0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82',
  /** Receives the platform fee. */
  feeReceiver: '0xa267530f49f8280200edf313ee7af6b827f2a8bce2897751d06a843f644967b1',
  /** Sends the housekeeping transactions anyone may send (e.g. `endAuction`). */
  keeper: '0x47c99abed3324a2707c28affff1267e45918ec8c3f20b8aa892e8b065d2942dd',
  /** The owner's day-to-day settings account (fee, allow-lists) once ownership is handed over. */
  operator: '0xc526ee95bf44d8fc405a158bb884d9d1238d99f0612e9f33d006bb0789009aaa',
} as const satisfies Record<string, `0x${string}`>;
export type DevRole = keyof typeof DEV_ROLE_KEYS;
