import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_ID, KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID } from './constants';
import { explorerOf, explorerTxUrl } from './explorers';

const hash = `0x${'ab'.repeat(32)}`;

describe('explorers', () => {
  it('Kaiascan for the main net and Kairos, none for the local chain', () => {
    expect(explorerTxUrl(explorerOf(MAIN_NET_CHAIN_ID), hash)).toBe(`https://kaiascan.io/tx/${hash}`);
    expect(explorerTxUrl(explorerOf(KAIROS_CHAIN_ID), hash)).toBe(`https://kairos.kaiascan.io/tx/${hash}`);
    expect(explorerOf(DEV_CHAIN_ID)).toBe('');
    expect(explorerTxUrl(explorerOf(DEV_CHAIN_ID), hash)).toBeNull();
  });

  it('builds links only from a hash and an http(s) explorer', () => {
    expect(explorerTxUrl('https://kaiascan.io/', hash)).toBe(`https://kaiascan.io/tx/${hash}`);
    expect(explorerTxUrl('https://kaiascan.io', null)).toBeNull();
    expect(explorerTxUrl('javascript:alert(1)', hash)).toBeNull();
    expect(explorerTxUrl('https://kaiascan.io', '0x1234')).toBeNull();
    expect(explorerTxUrl(undefined, hash)).toBeNull();
  });
});
