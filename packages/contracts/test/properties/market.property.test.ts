import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants, commands, initialModel, prepareWorld, stats, type World } from './model';

/** 200 sequences in `npm test`; `npm run test:fuzz` sets FUZZ_RUNS (2000) and longer sequences. */
const RUNS = Number(process.env.FUZZ_RUNS || 200);
const [MIN_COMMANDS, MAX_COMMANDS] = process.env.FUZZ_RUNS ? [10, 30] : [6, 10];

let w: World;
beforeAll(async () => {
  w = await prepareWorld();
});
afterAll(() => w.f.stop());

describe('Market model-based property test', () => {
  it(`random list/buy/bid/cancel/offer/accept/settle/withdraw sequences keep the invariants (${RUNS} runs)`, async () => {
    let sequences = 0;
    let sales = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...commands), { minLength: MIN_COMMANDS, maxLength: MAX_COMMANDS }), async (cmds) => {
        await w.f.revert(w.base);
        w.base = await w.f.snapshot();
        const model = await initialModel(w);
        await checkInvariants(model);
        await fc.asyncModelRun(() => ({ model, real: w }), cmds);
        sequences++;
        sales += model.sales;
      }),
      // FUZZ_SEED and FUZZ_PATH replay a reported failure.
      { numRuns: RUNS, endOnFailure: true, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {}) },
    );
    console.log(`${sequences} sequences, ${sales} sales; steps executed: ${JSON.stringify(Object.fromEntries([...stats].sort()))}`);
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
    expect(sales).toBeGreaterThan(RUNS / 4);
  }, 3_600_000);
});
