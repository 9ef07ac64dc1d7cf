/**
 * The body of every one-transaction trade popup (claim an auction's item, settle an auction, withdraw a balance
 * or a bid, cancel an auction; release a purchase left at the wallet, cancel a withdrawn listing on chain): a
 * message, then its plan (`send -> index` by default) on the one trade machine. Each caller gives its texts, its
 * transaction, when the server shows it, the item whose socket events tell it may show it now, and what to refresh.
 * A form in the trade popup shell by default; a confirmation (`confirm`) asks in place, its close saying "later"
 * until done, and refreshes only once done.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hex } from 'viem';
import { Dialog } from '../../../components/ui/Dialog';
import type { TradeEnv } from '../core/trade-env';
import type { TradeAction } from '../core/trade-errors';
import type { TradeKit } from '../core/trade-kit';
import { canClose, type TradeStep } from '../core/trade-machine';
import { TradeActions } from '../core/TradeActions';
import { TradePopup } from '../core/TradePopup';
import { TradeSteps } from '../core/TradeSteps';
import type { PopupMember } from './usePopupFlow';
import { useTradePopup } from './useTradePopup';

const PLAN: readonly TradeStep[] = ['send', 'index'];
const nothing = () => Promise.resolve();

export interface ChainActionPopupProps {
  action: TradeAction;
  /** `<testId>-popup`, `<testId>-submit`, `<testId>-done`. */
  testId: string;
  title: string;
  /** The message of the form (a confirmation says its own: `confirm.body`). */
  text?: string;
  submitLabel: string;
  /** The done panel's message (a confirmation's `body` says it). */
  doneMessage?: string;
  plan?: readonly TradeStep[];
  send: (kit: TradeKit, env: TradeEnv, member: PopupMember) => Promise<Hex>;
  /** Whether the server shows the result: read once when mined, then once per event of `watch` (never polled). */
  indexed?: (member: PopupMember) => Promise<boolean>;
  /** The item the transaction concerns; without one the receipt is the fact (`indexed` is read once, then done). */
  watch?: number;
  /** What the transaction changed (run when it ends, and on close once started; with `confirm`, once done). */
  refresh: (address: string | undefined) => Promise<unknown>;
  /** Asks in place instead of a form: `body` says what happens (or, done, that it did); close says `later`. */
  confirm?: { body: (done: boolean) => ReactNode; closeTestId: string; later: string };
  onClose: () => void;
}

export function ChainActionPopup(p: ChainActionPopupProps) {
  const { t } = useTranslation('trade');
  const { confirm } = p;
  const { env, member, state, start, retry, close, shell } = useTradePopup({
    name: p.testId,
    texts: { title: p.title, submit: p.submitLabel, done: p.doneMessage ?? '' },
    plan: p.plan ?? PLAN,
    refresh: confirm ? nothing : p.refresh,
    onClose: p.onClose,
  });
  const send = () => {
    if (!env || !member) return;
    const indexed = p.indexed;
    start(
      {
        action: p.action,
        send: (kit) => p.send(kit, env, member),
        indexed: indexed && (() => indexed(member)),
        watch: p.watch,
      },
      confirm && (() => void p.refresh(member.address)),
    );
  };
  const disabled = !env || !member;
  if (!confirm) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      send();
    };
    const summary = <p className="popup-message">{p.text}</p>;
    return <TradePopup {...shell} summary={summary} disabled={disabled} onSubmit={submit} />;
  }
  const done = state.name === 'indexed';
  return (
    <Dialog title={p.title} onClose={canClose(state) ? close : undefined} size="md" testId={`${p.testId}-popup`}>
      <div className="trade-popup" data-trade-state={state.name}>
        {confirm.body(done)}
        {state.name !== 'idle' && <TradeSteps state={state} plan={shell.plan} explorerUrl={shell.explorerUrl} />}
        <TradeActions
          state={state}
          close={{ label: done ? t('steps.close') : confirm.later, testId: confirm.closeTestId, onClick: close }}
          submit={{ label: p.submitLabel, testId: `${p.testId}-submit`, disabled, onClick: send }}
          onRetry={retry}
        />
      </div>
    </Dialog>
  );
}
