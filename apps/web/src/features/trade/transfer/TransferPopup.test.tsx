import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/api';
import { updateSession } from '../../../lib/session';
import { itemEvent, quietItemSocket } from '../../../test/item-socket';
import { ALICE, BOB, CAROL, ITEMS, itemDetail, MARKET, stubApi } from '../../../test/trade-fixtures';
import { TransferButton } from './TransferButton';

const HASH = `0x${'c'.repeat(64)}`;
/** The wallet side, faked (the real one runs in the E2E): pieces on chain and what was sent. */
const kit = { onChain: 0n, calls: [] as string[], mine: 3 };
vi.mock('../core/trade-kit', async () => {
  const errors = await import('../core/trade-errors');
  return {
    loadTradeKit: async () => ({
      ...errors,
      requireAccount: (a: string) => a,
      isValidAddress: (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a.trim()),
      readItemBalance: async () => kit.onChain,
      sendSafeTransfer: async (
        _c: unknown,
        from: string,
        t: { collection: string; to: string; itemId: string; amount: number },
      ) => {
        kit.calls.push(`safeTransferFrom ${t.collection} ${from} ${t.to} ${t.itemId} ${t.amount}`);
        // The indexer sees the transfer a moment later and the server tells the item's watchers.
        setTimeout(() => {
          kit.mine -= t.amount;
          itemEvent(3);
        }, 30);
        return HASH;
      },
      sendTransferWithMint: async (
        _c: unknown,
        from: string,
        p: { transfer: { amount: string; mintAmount: string } },
      ) => {
        kit.calls.push(`transferWithMint ${from} ${p.transfer.amount} mint ${p.transfer.mintAmount}`);
        return HASH;
      },
      waitForTx: async () => ({ blockNumber: 1n }),
    }),
  };
});

let sent: ReturnType<typeof stubApi> = [];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  quietItemSocket();
  Object.assign(kit, { onChain: 0n, calls: [], mine: 3 });
  queryClient.clear();
  updateSession({ id: 'alice', ticket: 'tk', address: ALICE });
  sent = stubApi({
    '/nft/detail': () => ({ returnCode: 0, data: itemDetail({ itemCountMine: kit.mine, itemCountOnSaleMine: 1 }) }),
    '/nft/transfer': (body) => {
      setTimeout(() => {
        kit.mine -= Number(body.amount);
        itemEvent(3);
      }, 30);
      return {
        returnCode: 0,
        data: {
          market: MARKET,
          transfer: {
            id: '9',
            collection: ITEMS,
            itemId: '1',
            from: ALICE,
            to: String(body.toAddress),
            amount: String(body.amount),
            mintAmount: String(body.amount),
            editionSize: '10',
            royaltyBps: '500',
            expiry: '9999999999',
          },
          signResult: '0x',
        },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const item = itemDetail({ itemCountMine: 3, itemCountOnSaleMine: 1, itemCountReservedMine: 0 });

async function open() {
  render(<TransferButton item={item} />, { wrapper });
  fireEvent.click(screen.getByTestId('transfer-open'));
  // The chain and contracts come from /config/*: the submit waits for them.
  await waitFor(() => expect((screen.getByTestId('transfer-submit') as HTMLButtonElement).disabled).toBe(false));
}

describe('TransferPopup', () => {
  it('is offered only to a member with free pieces', () => {
    render(<TransferButton item={{ ...item, itemCountOnSaleMine: 3 }} />, { wrapper });
    expect(screen.queryByTestId('transfer-open')).toBeNull();
  });

  it('checks the address (잘못된 주소입니다), the sender and the free pieces before anything is sent', async () => {
    await open();
    expect(screen.getByTestId('transfer-free').textContent).toBe('보낼 수 있는 수량 2개');
    fireEvent.change(screen.getByTestId('transfer-address'), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-problem').textContent).toBe('잘못된 주소입니다');
    fireEvent.change(screen.getByTestId('transfer-address'), {
      target: { value: ALICE.toUpperCase().replace('0X', '0x') },
    });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-problem').textContent).toBe('본인 지갑으로는 보낼 수 없습니다.');
    fireEvent.change(screen.getByTestId('transfer-address'), { target: { value: BOB } });
    fireEvent.change(screen.getByTestId('transfer-quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-problem').textContent).toBe('보낼 수 있는 수량은 최대 2개입니다.');
    expect(sent.filter((s) => s.path === '/nft/transfer')).toEqual([]);
    expect(kit.calls).toEqual([]);
  });

  it('minted pieces nothing else holds go by safeTransferFrom, without a server permit', async () => {
    kit.onChain = 3n; // 3 on chain, 1 of them listed: 2 surely free minted pieces
    await open();
    fireEvent.change(screen.getByTestId('transfer-address'), { target: { value: BOB } });
    fireEvent.change(screen.getByTestId('transfer-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-done');
    expect(kit.calls).toEqual([`safeTransferFrom ${ITEMS} ${ALICE} ${BOB} 1 2`]);
    expect(sent.filter((s) => s.path === '/nft/transfer')).toEqual([]);
  });

  it("the creator's unminted pieces need the server's permit and transferWithMint; done says the spec's '양도 요청이 완료되었습니다.' with the transaction", async () => {
    kit.onChain = 0n;
    await open();
    fireEvent.change(screen.getByTestId('transfer-address'), { target: { value: ` ${CAROL} ` } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-done');
    expect(sent.find((s) => s.path === '/nft/transfer')?.body).toMatchObject({
      id: 'alice',
      ticketId: 'tk',
      productId: 3,
      toAddress: CAROL,
      amount: 1,
    });
    expect(kit.calls).toEqual([`transferWithMint ${ALICE} 1 mint 1`]);
    expect(screen.getByTestId('transfer-done').textContent).toContain('양도 요청이 완료되었습니다.');
    expect((screen.getByTestId('trade-tx-link') as HTMLAnchorElement).href).toBe(`https://scan.example/tx/${HASH}`);
  });
});
