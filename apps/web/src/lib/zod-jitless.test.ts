import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

describe('zod runs jitless (no CSP violation from its Function("") probe)', () => {
  it('is configured by the API client before any schema parses: parsing never calls Function', async () => {
    const probe = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    await import('./api/client');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string(), b: z.number().int() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });

  it('is the first thing the app imports (main.tsx), before i18n, the stylesheets and the shell', () => {
    const main = readFileSync(resolve(__dirname, '..', 'main.tsx'), 'utf8');
    expect(main.split('\n').find((l) => l.startsWith('import'))).toBe("import './lib/zod-jitless';");
  });
});
