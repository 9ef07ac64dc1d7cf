import { fireEvent, render, renderHook, act, screen } from '@testing-library/react';
import { ItemType } from '@att/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { QuantityField, useQuantity } from '../core/QuantityField';
import { TradeActions } from '../core/TradeActions';
import { AgreeBox, CoinBalance, TradeTotal } from './PaymentChecks';

beforeEach(async () => {
  await i18n.changeLanguage('ko');
});

describe('the payment block', () => {
  it("shows the total, the member's balance (loading first) and the no-coin warning with the popup's texts", async () => {
    const { rerender } = render(
      <>
        <TradeTotal label="합계" value="2 ATT" testId="buy-total" />
        <CoinBalance keys="trade:buy" testId="buy" symbol="ATT" balance={undefined} noCoin={false} />
      </>,
    );
    expect(screen.getByTestId('buy-total').textContent).toBe('2 ATT');
    expect(screen.getByTestId('buy-balance').textContent).toBe(i18n.t('trade:buy.balanceLoading'));
    rerender(
      <CoinBalance keys="offer:make" testId="offer" symbol="ATT" balance={1234n * 10n ** 18n} noCoin>
        <p data-testid="between">…</p>
      </CoinBalance>,
    );
    expect(screen.getByTestId('offer-balance').textContent).toBe(
      i18n.t('offer:make.balance', { symbol: 'ATT', amount: '1,234' }),
    );
    expect(screen.getByTestId('offer-no-coin').textContent).toBe(i18n.t('offer:make.noCoin'));
    // What the popup adds about the balance stands between it and the warning.
    const order = [...document.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(order.slice(-3)).toEqual(['offer-balance', 'between', 'offer-no-coin']);
  });

  it('the agree box is a labelled checkbox (English), with the problem under it only when given', async () => {
    await i18n.changeLanguage('en');
    const changed = vi.fn();
    const { rerender } = render(
      <AgreeBox keys="trade:bid" testId="bid" checked={false} disabled={false} onChange={changed} problem={null} />,
    );
    fireEvent.click(screen.getByLabelText(i18n.t('trade:bid.agree')));
    expect(changed).toHaveBeenCalledWith(true);
    expect(screen.queryByTestId('bid-problem')).toBeNull();
    rerender(<AgreeBox keys="trade:bid" testId="bid" checked disabled onChange={changed} problem="Agree first" />);
    expect((screen.getByTestId('bid-agree') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Agree first');
  });
});

describe('the quantity of a trade form', () => {
  it('keeps digits, means 1 for a single item, and points the field to its problem', () => {
    const edited = vi.fn();
    const multi = renderHook(() => useQuantity(ItemType.Multi, '3', edited));
    expect(multi.result.current.quantity).toBe(3);
    act(() => multi.result.current.field.onChange('12'));
    expect(multi.result.current.quantity).toBe(12);
    expect(edited).toHaveBeenCalledTimes(1);
    expect(renderHook(() => useQuantity(ItemType.Single, '5')).result.current.quantity).toBe(1);
    render(
      <QuantityField
        {...multi.result.current.field}
        label="수량"
        testId="q"
        problem={{ text: '너무 많습니다', testId: 'q-problem' }}
      />,
    );
    const input = screen.getByTestId('q');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('q-problem').id);
  });
});

describe('the footer of a trade popup', () => {
  const close = { label: '닫기', testId: 'x-cancel', onClick: () => undefined };
  it('offers the action until done, retry after a failure, and keeps close shut while the transaction is on its way', () => {
    const onRetry = vi.fn();
    const submit = { label: '보내기', testId: 'x-submit', disabled: false, onClick: vi.fn() };
    const { rerender } = render(
      <TradeActions state={{ name: 'idle' }} close={close} submit={submit} onRetry={onRetry} />,
    );
    fireEvent.click(screen.getByTestId('x-submit'));
    expect(submit.onClick).toHaveBeenCalled();
    rerender(
      <TradeActions
        state={{ name: 'confirming', hash: '0xab', mined: false, plan: ['send'], step: 0 }}
        close={close}
        submit={submit}
        onRetry={onRetry}
      />,
    );
    expect((screen.getByTestId('x-cancel') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('x-submit').getAttribute('aria-busy')).toBe('true');
    rerender(
      <TradeActions
        state={{ name: 'failed', messageKey: 'trade:errors.failed', at: 'awaitingWallet' }}
        close={close}
        submit={submit}
        onRetry={onRetry}
      />,
    );
    fireEvent.click(screen.getByTestId('trade-retry'));
    expect(onRetry).toHaveBeenCalled();
    rerender(<TradeActions state={{ name: 'indexed' }} close={close} submit={submit} onRetry={onRetry} />);
    expect(screen.queryByTestId('x-submit')).toBeNull();
  });
});
