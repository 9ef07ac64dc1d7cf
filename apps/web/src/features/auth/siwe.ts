/** Sign-In with Ethereum: nonce from the server, EIP-4361 message from exactly its fields, wallet signature. */
import { AUTH_TYPE, type SiweParams } from '@att/shared';
import { type Address, getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { api } from '../../lib/api';
import { signWithWallet, WalletError } from '../wallet/wallet';

export function buildSiweMessage(params: SiweParams, address: string): string {
  return createSiweMessage({
    address: getAddress(address),
    chainId: params.chainId,
    domain: params.domain,
    uri: params.uri,
    nonce: params.nonce,
    statement: params.statement,
    version: '1',
    issuedAt: new Date(params.issuedAt),
    expirationTime: new Date(params.expirationTime),
  });
}

export type SignedMessage = { authType: typeof AUTH_TYPE; address: string; message: string; signature: `0x${string}` };

export type SignResult = { ok: true; signed: SignedMessage } | { ok: false; code?: number; reason?: WalletError['reason'] };

/** Asks the server for a nonce and the wallet for a signature. */
export async function signIn(address: string): Promise<SignResult> {
  const nonce = await api('/ticket/nonce', { address });
  if (nonce.returnCode !== 0 || !nonce.data) return { ok: false, code: nonce.returnCode };
  const message = buildSiweMessage(nonce.data, address);
  try {
    const signature = await signWithWallet(getAddress(address) as Address, message);
    return { ok: true, signed: { authType: AUTH_TYPE, address, message, signature } };
  } catch (err) {
    return { ok: false, reason: err instanceof WalletError ? err.reason : 'failed' };
  }
}
