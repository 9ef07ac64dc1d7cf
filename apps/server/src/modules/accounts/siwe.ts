/**
 * Verifies a signed EIP-4361 (Sign-In with Ethereum) message against what this server issued: exactly the EIP's
 * grammar (siwe-message.ts) with an EIP-55 address, our domain, our URI origin, our chain, a live single-use nonce
 * of this address, an expiry in the near future, and a personal_sign signature by the address in canonical
 * low-s form (a high-s twin of a signature is refused). Any mismatch is 2 (no authority); an expired message or
 * nonce is 85.
 */
import { ReturnCode, SIGN_IN_MESSAGE_MAX_TTL_MS } from '@att/shared';
import { concat, getAddress, keccak256, recoverAddress, toBytes, verifyMessage, type Hex } from 'viem';
import { AppError } from '../../platform/http/app-error';
import type { NonceConsumeResult } from './sessions-repository';
import { parseSiweStrict } from './siwe-message';

/** Clock skew tolerated between the wallet's machine and ours. */
const SKEW_MS = 5 * 60 * 1000;

export interface SiweExpectation {
  /** host[:port] of the public origin. */
  domain: string;
  /** The public origin; the message URI must be on it. */
  origin: string;
  chainId: number;
  now: Date;
  consumeNonce: (nonce: string, address: string, now: Date) => Promise<NonceConsumeResult>;
}

export interface SignedInput {
  address: string;
  message: string;
  signature: string;
}

function deny(reason: string): never {
  throw new AppError(ReturnCode.NoAuthority, `sign-in refused: ${reason}`);
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

const valid = (d: Date | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

/**
 * The hash legacy Kaikas signs for `personal_sign`: Klaytn's prefix in place of Ethereum's
 * (`"\x19Klaytn Signed Message:\n" + length`). Kaia Wallet and MetaMask use Ethereum's.
 */
export function klaytnMessageHash(message: string): Hex {
  const bytes = toBytes(message);
  return keccak256(concat([toBytes(`\x19Klaytn Signed Message:\n${bytes.length}`), bytes]));
}

/** secp256k1 group order n, and n / 2: a canonical (EIP-2) signature has s <= n / 2. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N / 2n;

/** A 65-byte r || s || v signature with a low s and v in {0, 1, 27, 28}. */
export function isCanonicalSignature(signature: string): boolean {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return s > 0n && s <= HALF_N && [0, 1, 27, 28].includes(v);
}

/** True when `signature` is `address`'s personal_sign of `message`, with Ethereum's or Klaytn's prefix. */
async function signedBy(address: string, message: string, signature: Hex): Promise<boolean> {
  try {
    if (await verifyMessage({ address: address as Hex, message, signature })) return true;
    const signer = await recoverAddress({ hash: klaytnMessageHash(message), signature });
    return signer.toLowerCase() === address;
  } catch {
    return false;
  }
}

/** Resolves when the message is ours, fresh, signed by `address`, and its nonce was consumed by this call. */
export async function verifySignedMessage(input: SignedInput, expect: SiweExpectation): Promise<void> {
  const address = input.address.toLowerCase();
  const msg = parseSiweStrict(input.message);
  if (!msg) deny('not an EIP-4361 message');
  if (msg.address !== getAddress(msg.address)) deny('address not EIP-55');
  if (msg.address.toLowerCase() !== address) deny('address');
  if (msg.domain !== expect.domain) deny('domain');
  if (originOf(msg.uri) !== expect.origin) deny('uri');
  if (msg.scheme !== undefined && `${msg.scheme}:` !== new URL(expect.origin).protocol) deny('scheme');
  if (msg.chainId !== expect.chainId) deny('chain');

  const now = expect.now.getTime();
  if (msg.issuedAt.getTime() > now + SKEW_MS) deny('issuedAt');
  if (msg.notBefore !== undefined && (!valid(msg.notBefore) || msg.notBefore.getTime() > now + SKEW_MS)) {
    deny('notBefore');
  }
  if (!valid(msg.expirationTime)) deny('expirationTime');
  if (msg.expirationTime.getTime() - msg.issuedAt.getTime() > SIGN_IN_MESSAGE_MAX_TTL_MS + SKEW_MS) deny('lifetime');
  if (msg.expirationTime.getTime() <= now) throw new AppError(ReturnCode.TimeExpired, 'sign-in message expired');

  if (!isCanonicalSignature(input.signature)) deny('signature not canonical (65 bytes, low s)');
  if (!(await signedBy(address, input.message, input.signature as Hex))) deny('signature');

  const nonce = await expect.consumeNonce(msg.nonce, address, expect.now);
  if (nonce === 'expired') throw new AppError(ReturnCode.TimeExpired, 'sign-in nonce expired');
  if (nonce !== 'ok') deny('nonce');
}
