/**
 * A transaction hash as every screen shows it: a link to the chain's explorer page of the transaction (a new tab,
 * rel="noopener noreferrer") where the chain has an explorer, the hash as plain text where it has none (the local
 * dev chain). The explorer is the front config's `klayScanUrl` (per chain id in `@att/shared` `CHAIN_EXPLORERS`),
 * given by the caller. The hash is shortened ("0x12345678…abcdef") unless the caller shows it whole, and the whole
 * hash is the title of either form; callers keep their own words around it and their own test ids.
 */
import { explorerTxUrl } from '@att/shared';
import type { ReactNode } from 'react';
import { shortHex } from '../../lib/format';

interface TxHashProps {
  hash: string;
  /** The explorer's base URL; '' or undefined for a chain without one. */
  explorerUrl: string | undefined;
  /** Characters kept before and after the "…" (tail 0 keeps the head alone), or the whole hash. */
  shown?: { head: number; tail: number } | 'whole';
  /** What the link shows (default: the shortened hash); an icon alone needs `linkLabel`. */
  linkText?: (short: string) => ReactNode;
  /** What the plain text shows (default: the shortened hash). */
  plainText?: (short: string) => ReactNode;
  /** The link's accessible name and title (default: the whole hash as its title). */
  linkLabel?: string;
  className?: string;
  linkTestId?: string;
  plainTestId?: string;
}

/** "0x12345678…abcdef" (or "0x12345678…" with no tail). */
const shortHash = (hash: string, head: number, tail: number) =>
  tail > 0 ? shortHex(hash, head, tail) : hash.length > head + 1 ? `${hash.slice(0, head)}…` : hash;

export function TxHash(p: TxHashProps) {
  const shown = p.shown ?? { head: 8, tail: 6 };
  const short = shown === 'whole' ? p.hash : shortHash(p.hash, shown.head, shown.tail);
  const url = explorerTxUrl(p.explorerUrl, p.hash);
  if (!url)
    return (
      <span className={p.className} title={p.hash} data-hash={p.hash} data-testid={p.plainTestId}>
        {p.plainText ? p.plainText(short) : short}
      </span>
    );
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={p.className}
      title={p.linkLabel ?? p.hash}
      aria-label={p.linkLabel}
      data-hash={p.hash}
      data-testid={p.linkTestId}
    >
      {p.linkText ? p.linkText(short) : short}
    </a>
  );
}
