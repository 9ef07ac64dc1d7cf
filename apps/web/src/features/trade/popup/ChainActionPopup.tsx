/**
 * The body of every one-transaction trade popup (claim an auction's item, settle an auction, withdraw a balance
 * or a bid, cancel an auction): a message, then `send -> index` on the one trade machine in the trade popup shell.
 * Each caller gives its texts, its transaction, when the server shows it, the item whose socket events tell it may
 * show it now, and what to refresh.
 */
import type { FormEvent } from 'react';
import type { Hex } from 'viem';
import { useMember, useTradeEnv, type TradeEnv } from '../core/trade-env';
import type { TradeAction } from '../core/trade-errors';
import type { TradeKit } from '../core/trade-kit';
import type { TradeStep } from '../core/trade-machine';
import { TradePopup } from '../core/TradePopup';
import { type PopupMember, usePopupFlow } from './usePopupFlow';

const PLAN: readonly TradeStep[] = ['send', 'index'];

export interface ChainActionPopupProps {
  action: TradeAction;
  /** `<testId>-popup`, `<testId>-submit`, `<testId>-done`. */
  testId: string;
  title: string;
  text: string;
  submitLabel: string;
  doneMessage: string;
  plan?: readonly TradeStep[];
  send: (kit: TradeKit, env: TradeEnv, member: PopupMember) => Promise<Hex>;
  /** Whether the server shows the result: read once when mined, then once per event of `watch` (never polled). */
  indexed: (member: PopupMember) => Promise<boolean>;
  /** The item the transaction concerns; without one the receipt is the fact (`indexed` is read once, then done). */
  watch?: number;
  /** What the transaction changed (run when it ends, and on close once started). */
  refresh: (address: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

export function ChainActionPopup(p: ChainActionPopupProps) {
  const env = useTradeEnv();
  const member = useMember();
  const plan = p.plan ?? PLAN;
  const flow = usePopupFlow(() => p.refresh(member?.address), p.onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!env || !member) return;
    flow.run({
      action: p.action,
      plan,
      chain: env.chain,
      send: (kit) => p.send(kit, env, member),
      indexed: () => p.indexed(member),
      watch: p.watch,
    });
  };
  return (
    <TradePopup
      title={p.title}
      testId={`${p.testId}-popup`}
      state={flow.state}
      plan={plan}
      explorerUrl={env?.explorerUrl ?? ''}
      summary={<p className="popup-message">{p.text}</p>}
      submit={{ label: p.submitLabel, testId: `${p.testId}-submit`, disabled: !env || !member }}
      done={{ message: p.doneMessage, testId: `${p.testId}-done` }}
      onSubmit={submit}
      onRetry={flow.retry}
      onClose={flow.close}
    >
      {null}
    </TradePopup>
  );
}
