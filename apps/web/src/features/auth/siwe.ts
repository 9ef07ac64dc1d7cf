/** Sign-In with Ethereum: nonce from the server, EIP-4361 message from exactly its fields, wallet signature. */
import { AUTH_TYPE, type SiweParams } from '@att/shared';
import { signInMessage } from '@att/shared/api/sign-in-message';
import { type Address, getAddress } from 'viem';
import { api } from '../../lib/api';
import { loadWallet, type WalletFailure } from '../wallet';

export function buildSiweMessage(params: SiweParams, address: string): string {
  return signInMessage(address, params);
}

export type SignedMessage = { authType: typeof AUTH_TYPE; address: string; message: string; signature: `0x${string}` };

export type SignResult = { ok: true; signed: SignedMessage } | { ok: false; code?: number; reason?: WalletFailure };

/** Asks the server for a nonce and the wallet for a signature. */
export async function signIn(address: string): Promise<SignResult> {
  const nonce = await api('/ticket/nonce', { address });
  if (nonce.returnCode !== 0 || !nonce.data) return { ok: false, code: nonce.returnCode };
  const message = buildSiweMessage(nonce.data, address);
  const wallet = await loadWallet();
  try {
    const signature = await wallet.signWithWallet(getAddress(address) as Address, message);
    return { ok: true, signed: { authType: AUTH_TYPE, address, message, signature } };
  } catch (err) {
    return { ok: false, reason: err instanceof wallet.WalletError ? err.reason : 'failed' };
  }
}
