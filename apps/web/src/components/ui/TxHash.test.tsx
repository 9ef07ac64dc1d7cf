import { DEV_CHAIN_ID, KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID, explorerOf } from '@att/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TxHash } from './TxHash';

const hash = `0x${'ab'.repeat(30)}cdef`;

describe('TxHash', () => {
  it.each([
    [MAIN_NET_CHAIN_ID, 'https://kaiascan.io'],
    [KAIROS_CHAIN_ID, 'https://kairos.kaiascan.io'],
  ])('links a hash on chain %i to Kaiascan in a new tab', (chainId, base) => {
    render(<TxHash hash={hash} explorerUrl={explorerOf(chainId)} linkTestId="link" plainTestId="plain" />);
    const link = screen.getByTestId('link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(`${base}/tx/${hash}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('0xababab…abcdef');
    expect(link.getAttribute('title')).toBe(hash);
    expect(screen.queryByTestId('plain')).toBeNull();
  });

  it('shows the hash as plain text on the local chain, shortened, whole in its title', () => {
    render(<TxHash hash={hash} explorerUrl={explorerOf(DEV_CHAIN_ID)} linkTestId="link" plainTestId="plain" />);
    expect(screen.queryByRole('link')).toBeNull();
    const plain = screen.getByTestId('plain');
    expect(plain.textContent).toBe('0xababab…abcdef');
    expect(plain.getAttribute('title')).toBe(hash);
  });

  it('keeps the caller’s words, length and accessible name', () => {
    render(
      <TxHash
        hash={hash}
        explorerUrl="https://kaiascan.io"
        shown={{ head: 6, tail: 0 }}
        linkText={(short) => `거래 보기 ${short}`}
        linkLabel="탐색기에서 보기"
      />,
    );
    const link = screen.getByRole('link', { name: '탐색기에서 보기' });
    expect(link.textContent).toBe('거래 보기 0xabab…');
    render(<TxHash hash={hash} explorerUrl="" shown="whole" plainTestId="whole" />);
    expect(screen.getByTestId('whole').textContent).toBe(hash);
  });
});
