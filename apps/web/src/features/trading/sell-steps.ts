/**
 * The progress of one listing (spec 3, section 4 "Registering a sale", fixed price), a pure reducer:
 *
 *   [approve: setApprovalForAll, only when not yet granted] -> sign: the Listing (EIP-712) -> register: /nft/all/sale
 *
 * Each step goes pending -> active -> done, or failed (the run stops; `problem` is the catalogue key of why). The page shows the list; the flow (`sell-flow.ts`) reports each change.
 */
export type SellStep = 'approve' | 'sign' | 'register';
export type StepState = 'pending' | 'active' | 'done' | 'failed';

export interface SellProgress {
  steps: { key: SellStep; state: StepState }[];
  /** Why the run stopped: the catalogue key from the trade error translator. */
  problem?: string;
}

export type SellProgressEvent =
  | { type: 'start'; step: SellStep }
  | { type: 'done'; step: SellStep }
  | { type: 'fail'; step: SellStep; problem: NonNullable<SellProgress['problem']> };

export function initialProgress(needsApproval: boolean): SellProgress {
  const keys: SellStep[] = needsApproval ? ['approve', 'sign', 'register'] : ['sign', 'register'];
  return { steps: keys.map((key) => ({ key, state: 'pending' })) };
}

export function progressReducer(p: SellProgress, e: SellProgressEvent): SellProgress {
  const to: StepState = e.type === 'start' ? 'active' : e.type === 'done' ? 'done' : 'failed';
  // A step that is not in the list (approval found already granted) changes nothing.
  if (!p.steps.some((s) => s.key === e.step)) return p;
  return {
    steps: p.steps.map((s) => (s.key === e.step ? { ...s, state: to } : s)),
    problem: e.type === 'fail' ? e.problem : p.problem,
  };
}

/** True once every step is done. */
export const isFinished = (p: SellProgress) => p.steps.every((s) => s.state === 'done');
/** True once a step failed. */
export const isFailed = (p: SellProgress) => p.steps.some((s) => s.state === 'failed');
