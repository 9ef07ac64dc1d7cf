/**
 * Encrypted key files (Web3 Secret Storage v3, as geth, Foundry's `cast wallet` and MetaMask export them; Kaia
 * Wallet's v4 files with one key in `keyring`): scrypt or PBKDF2-SHA256, AES-128-CTR, Keccak-256 MAC. The
 * password comes from the environment or the terminal, never a flag (a flag lands in the shell history and `ps`).
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

interface KdfParams {
  dklen: number;
  salt: string;
  n?: number;
  r?: number;
  p?: number;
  c?: number;
  prf?: string;
}
interface CryptoSection {
  cipher: string;
  ciphertext: string;
  cipherparams: { iv: string };
  kdf: 'scrypt' | 'pbkdf2';
  kdfparams: KdfParams;
  mac: string;
}
interface KeystoreFile {
  address?: string;
  crypto?: CryptoSection;
  Crypto?: CryptoSection;
  keyring?: (CryptoSection | CryptoSection[])[];
}

function derive(password: string, c: CryptoSection): Buffer {
  const p = c.kdfparams;
  const salt = Buffer.from(p.salt, 'hex');
  if (c.kdf === 'scrypt') {
    const N = p.n ?? 0;
    const r = p.r ?? 8;
    return scryptSync(password.normalize('NFKC'), salt, p.dklen, {
      N,
      r,
      p: p.p ?? 1,
      maxmem: 128 * N * r * 2 + (1 << 24),
    });
  }
  if (c.kdf === 'pbkdf2') {
    if (p.prf && p.prf !== 'hmac-sha256') throw new Error(`keystore: unsupported prf ${p.prf}`);
    return pbkdf2Sync(password.normalize('NFKC'), salt, p.c ?? 0, p.dklen, 'sha256');
  }
  throw new Error(`keystore: unsupported kdf ${String(c.kdf)}`);
}

/** The private key in a keystore file; throws on a wrong password (MAC mismatch) or an unknown format. */
export function decryptKeystore(json: string, password: string): Hex {
  const ks = JSON.parse(json) as KeystoreFile;
  const first = ks.keyring?.[0];
  const c = ks.crypto ?? ks.Crypto ?? (Array.isArray(first) ? first[0] : first);
  if (!c) throw new Error('keystore: no crypto section');
  if (c.cipher !== 'aes-128-ctr') throw new Error(`keystore: unsupported cipher ${c.cipher}`);
  const key = derive(password, c);
  const ciphertext = Buffer.from(c.ciphertext, 'hex');
  const mac = keccak256(Buffer.concat([key.subarray(16, 32), ciphertext])).slice(2);
  if (mac !== c.mac.toLowerCase()) throw new Error('keystore: wrong password');
  const decipher = createDecipheriv('aes-128-ctr', key.subarray(0, 16), Buffer.from(c.cipherparams.iv, 'hex'));
  const privateKey = `0x${Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('hex')}` as Hex;
  if (
    ks.address &&
    privateKeyToAccount(privateKey).address.slice(2).toLowerCase() !== ks.address.replace(/^0x/, '').toLowerCase()
  ) {
    throw new Error('keystore: the key does not match the file address');
  }
  return privateKey;
}

/** A v3 keystore of `privateKey` (scrypt; `n` low only in tests). */
export function encryptKeystore(privateKey: Hex, password: string, n = 1 << 17): string {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const kdfparams = { dklen: 32, salt: salt.toString('hex'), n, r: 8, p: 1 };
  const c = { kdf: 'scrypt', kdfparams } as CryptoSection;
  const key = derive(password, c);
  const cipher = createCipheriv('aes-128-ctr', key.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(privateKey.slice(2), 'hex')), cipher.final()]);
  const mac = keccak256(Buffer.concat([key.subarray(16, 32), ciphertext])).slice(2);
  return JSON.stringify({
    version: 3,
    id: randomBytes(16).toString('hex'),
    address: privateKeyToAccount(privateKey).address.slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      ciphertext: ciphertext.toString('hex'),
      cipherparams: { iv: iv.toString('hex') },
      kdf: 'scrypt',
      kdfparams,
      mac,
    },
  });
}
