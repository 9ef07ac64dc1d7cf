import { DEV_CHAIN_ID, KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID, explorerOf } from '@att/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n';
import { TradeSteps } from './TradeSteps';

const hash = `0x${'12'.repeat(29)}abcdef` as const;
const done = (explorerUrl: string) =>
  render(<TradeSteps state={{ name: 'indexed', hash }} plan={['send', 'index']} explorerUrl={explorerUrl} />);

describe('TradeSteps done step', () => {
  it.each([
    [MAIN_NET_CHAIN_ID, 'https://kaiascan.io'],
    [KAIROS_CHAIN_ID, 'https://kairos.kaiascan.io'],
  ])('links the transaction to Kaiascan on chain %i', (chainId, base) => {
    done(explorerOf(chainId));
    const link = screen.getByTestId('trade-tx-link');
    expect(link.getAttribute('href')).toBe(`${base}/tx/${hash}`);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('거래 보기 0x121212…abcdef');
  });

  it('shows the hash as text on the local chain', () => {
    done(explorerOf(DEV_CHAIN_ID));
    expect(screen.queryByTestId('trade-tx-link')).toBeNull();
    expect(screen.getByTestId('trade-tx-hash').textContent).toBe('거래 해시 0x121212…abcdef');
  });
});
