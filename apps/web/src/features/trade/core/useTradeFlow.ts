/**
 * Runs a trade plan through the step machine (`trade-machine.ts`): the effects of each step come from the caller
 * (`TradeRun`), the machine decides the states, failures go through the one translator (`trade-errors.ts`).
 * Closing the popup (`reset`) abandons a running flow: its late answers change nothing.
 * Each start is one member action: its server call gets the action's own idempotency key (a new start, a new key).
 *
 * Done is learned, not polled: a run that names its item (`watch`) watches the item's socket events from its start;
 * once its transaction is mined, `indexed` (the order's own state on the server) is read once, then once more on
 * each event of the item and after each reconnect of the socket, until it says yes or `indexTimeoutMs` passes.
 * A run that names no item (a withdrawal of a balance) has its receipt as the fact: `indexed` is read once, then done.
 * Nothing is ever read on a timer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Hex } from 'viem';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { watchItem } from '../../alerts';
import { loadTradeKit, type TradeKit } from './trade-kit';
import type { TradeAction } from './trade-errors';
import { initialTradeState, type TradeEvent, tradeReducer, type TradeState, type TradeStep } from './trade-machine';

export interface TradeRun {
  action: TradeAction;
  plan: readonly TradeStep[];
  chain: { chainId: number; rpcUrl: string };
  /**
   * The server call (reserve pieces, a permit, withdraw a listing, register a signed listing), a money call: it
   * sends `idempotencyKey`, this action's key, with it (`api(path, body, { idempotencyKey })`).
   */
  reserve?: (kit: TradeKit, idempotencyKey: string) => Promise<void>;
  /** An allowance or setApprovalForAll if needed; `onSent` gets the approval's hash. */
  approve?: (kit: TradeKit, onSent: (hash: Hex) => void) => Promise<void>;
  /** A wallet signature (no gas). */
  sign?: (kit: TradeKit) => Promise<void>;
  /** Sends the transaction through the wallet; returns its hash. */
  send?: (kit: TradeKit) => Promise<Hex>;
  /**
   * Whether the server shows the result yet: with `watch`, read once the transaction is mined and again on each of
   * the item's socket events and socket reconnects (never on a timer); without it, read once and done either way.
   */
  indexed?: () => Promise<boolean>;
  /** The item whose socket events tell that the trade's order may have changed (its own item). */
  watch?: number;
  /** How long to wait for the server before calling it done anyway (the chain has settled). Default 60 s. */
  indexTimeoutMs?: number;
  /** Sees the failure before the machine does (the sell page shows a server code in the error popup). */
  onFailure?: (err: unknown) => void;
}

/**
 * A latch over the item's events: `next()` resolves at the first event (or reconnect) after the last `next()`,
 * or at once when one came since; `stop` ends the watch.
 */
function itemSignal(productId: number) {
  let pending = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    pending = true;
    wake?.();
  };
  const stop = watchItem(productId, poke, poke);
  return {
    stop,
    next: (until: number) =>
      new Promise<void>((resolve) => {
        if (pending) return resolve();
        const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }).then(() => {
        pending = false;
        wake = null;
      }),
    wakeNow: () => wake?.(),
    /** Forgets the events before now (the first read after them sees what they announced). */
    clear: () => void (pending = false),
  };
}

export function useTradeFlow() {
  const [state, setState] = useState<TradeState>(initialTradeState);
  const ref = useRef<TradeState>(initialTradeState);
  const current = () => ref.current;
  const generation = useRef(0);

  const dispatch = useCallback((gen: number, event: TradeEvent) => {
    if (gen !== generation.current) return;
    const next = tradeReducer(ref.current, event);
    if (next === ref.current) return;
    ref.current = next;
    setState(next);
  }, []);

  /** Ends the running flow's wait for the server (when it is abandoned). */
  const abandon = useRef<(() => void) | null>(null);
  // An unmounted popup abandons its flow.
  useEffect(
    () => () => {
      generation.current++;
      abandon.current?.();
    },
    [],
  );

  const start = useCallback(
    async (run: TradeRun): Promise<boolean> => {
      if (ref.current.name !== 'idle') return false;
      const gen = ++generation.current;
      const live = () => gen === generation.current;
      const idempotencyKey = newIdempotencyKey();
      dispatch(gen, { type: 'START', plan: run.plan });
      if (current().name === 'idle') return false;
      let kit: TradeKit | null = null;
      const signal = run.watch === undefined ? null : itemSignal(run.watch);
      abandon.current = () => signal?.wakeNow();
      try {
        kit = await loadTradeKit();
        for (const step of run.plan) {
          if (!live()) return false;
          switch (step) {
            case 'reserve':
              await run.reserve?.(kit, idempotencyKey);
              dispatch(gen, { type: 'STEP_DONE' });
              break;
            case 'approve':
              await run.approve?.(kit, (hash) => dispatch(gen, { type: 'APPROVE_SENT', hash }));
              dispatch(gen, { type: 'STEP_DONE' });
              break;
            case 'sign':
              await run.sign?.(kit);
              dispatch(gen, { type: 'STEP_DONE' });
              break;
            case 'send': {
              if (!run.send) throw new Error('send step without send');
              const hash = await run.send(kit);
              dispatch(gen, { type: 'TX_SENT', hash });
              await kit.waitForTx(run.chain, hash);
              dispatch(gen, { type: 'TX_MINED' });
              break;
            }
            case 'index': {
              const until = Date.now() + (run.indexTimeoutMs ?? 60_000);
              const shown = async () => (await run.indexed?.().catch(() => false)) ?? true;
              if (signal) {
                signal.clear();
                while (live() && Date.now() < until && !(await shown())) await signal.next(until);
              } else await shown();
              dispatch(gen, { type: 'INDEXED' });
              break;
            }
          }
        }
        return live() && current().name === 'indexed';
      } catch (err) {
        kit ??= await loadTradeKit().catch(() => null);
        const failure = kit
          ? kit.translateTradeError(err, run.action)
          : { key: 'trade:errors.failed', rejected: false };
        // A server code is the expected answer of a refused trade; anything else is logged for the developers.
        if (!failure.rejected && !(err instanceof ApiError)) console.error(`[trade] ${run.action} failed`, err);
        if (live()) run.onFailure?.(err);
        dispatch(gen, failure.rejected ? { type: 'REJECTED' } : { type: 'FAIL', messageKey: failure.key });
        return false;
      } finally {
        signal?.stop();
      }
    },
    [dispatch],
  );

  /** Back to idle (after a failure, to try again; or when the popup closes: a running flow is abandoned). */
  const reset = useCallback(() => {
    generation.current++;
    abandon.current?.();
    ref.current = initialTradeState;
    setState(initialTradeState);
  }, []);

  return { state, start, reset };
}
