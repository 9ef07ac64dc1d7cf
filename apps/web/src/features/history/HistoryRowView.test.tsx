import { DEV_CHAIN_ID, explorerOf, type HistoryRow } from '@att/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { HistoryRowView } from './HistoryRowView';
import { formatUsd } from '../../lib/format';
import { eventIcon, formatChange } from './history-format';

const stranger = '0x8626f6940e2eb28930efb4cef49b2d1f2c9c1199';
const hash = `0x${'ab'.repeat(32)}`;
const base: HistoryRow = {
  historyIdx: '12',
  type: 2,
  itemIdx: 7,
  itemName: '서울의 밤 #1',
  collectionIdx: 1,
  collectionName: 'Seoul Nights',
  price: '1500000000000000000000',
  symbol: 'ATT',
  usdValue: '18.45',
  from: '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
  fromId: 'demo_artist',
  fromFileName: null,
  to: stranger,
  toId: null,
  toFileName: null,
  date: '2026-11-20T10:00:00.000Z',
  amount: 2,
  txConfirm: hash,
  itemResourceType: 1,
  itemFileFormat: 'png',
  itemFileName: 'abcdefgh.png',
  itemThumbnailFileName: null,
};

function show(row: HistoryRow, klayScanUrl?: string) {
  return render(
    <MemoryRouter>
      <table>
        <tbody>
          <HistoryRowView row={row} config={{ klayScanUrl }} lang={i18n.language} />
        </tbody>
      </table>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('ko');
});

describe('HistoryRowView', () => {
  it('shows the event label, item link, price, a member link, and a wallet icon with the raw address for a non-member', async () => {
    await i18n.changeLanguage('ko');
    show(base, 'https://kairos.kaiascan.io');
    expect(screen.getByTestId('history-event').textContent).toBe('판매');
    expect(screen.getByRole('link', { name: /서울의 밤 #1/ }).getAttribute('href')).toBe('/NftInfo/7');
    expect(screen.getByTestId('history-price').textContent).toBe('1,500 ATT');
    const member = screen.getByTestId('party-member');
    expect(member.getAttribute('href')).toBe('/Profile/demo_artist');
    const wallet = screen.getByTestId('party-wallet');
    expect(wallet.textContent).toBe(stranger);
    expect(wallet.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('history-tx').getAttribute('href')).toBe(`https://kairos.kaiascan.io/tx/${hash}`);
    expect(screen.getByTestId('history-tx').getAttribute('rel')).toContain('noopener');
  });

  it('on a chain without an explorer (the local chain) the hash is plain text, shortened', () => {
    show(base, explorerOf(DEV_CHAIN_ID));
    expect(screen.queryByTestId('history-tx')).toBeNull();
    const plain = screen.getByTestId('history-hash');
    expect(plain.tagName).toBe('SPAN');
    expect(plain.textContent).toBe(`${hash.slice(0, 8)}…`);
    expect(plain.getAttribute('title')).toBe(hash);
  });

  it('in English; no price, no tx, no explorer: dashes and no link', async () => {
    await i18n.changeLanguage('en');
    show(
      { ...base, type: 3, price: null, symbol: null, txConfirm: null, fromId: null, from: null },
      'https://kairos.kaiascan.io',
    );
    const row = screen.getByTestId('history-row');
    expect(within(row).getByTestId('history-event').textContent).toBe('Transfer');
    expect(within(row).getByTestId('history-price').textContent).toBe('-');
    expect(within(row).queryByTestId('history-tx')).toBeNull();
    expect(within(row).queryAllByTestId('party-wallet')).toHaveLength(1);
  });

  it('every event code 0-28 has a label in both languages', () => {
    for (const lng of ['ko', 'en']) {
      for (let code = 0; code <= 28; code++)
        expect(i18n.exists(`history:event.${code}`, { lng }), `${lng} ${code}`).toBe(true);
    }
  });
});

describe('history format', () => {
  it('formats USD and change', () => {
    expect(formatUsd('1234567.5')).toBe('$1,234,567.5');
    expect(formatChange('12.5')).toBe('+12.5%');
    expect(formatChange('-3')).toBe('-3%');
    expect(formatChange('0')).toBe('0%');
    expect(eventIcon(2)).toBe('sale');
    expect(eventIcon(22)).toBe('dot');
  });
});
