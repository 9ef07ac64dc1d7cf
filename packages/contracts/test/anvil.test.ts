// Finding (test infrastructure): a free port can be taken by another process's anvil between probing and
// binding; answering the RPC, that anvil looked "ready", so two test runs shared one chain and reverted each
// other's transactions (receipt timeouts in the property test). startAnvil now waits for its own child to listen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '../src/anvil';

let first: AnvilInstance;
beforeAll(async () => {
  first = await startAnvil({ port: 0 });
});
afterAll(() => first.stop());

describe('startAnvil', () => {
  it("never hands out another process's anvil on a taken port", async () => {
    await expect(startAnvil({ port: first.port })).rejects.toThrow(/did not start/);
  });
});
