import { existsSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts the named files first (in the order given; paths relative to the workspace), then
 * the rest in vitest's own order. vitest orders by the durations of its last run, and without them (a fresh clone:
 * CI) by file size, so a slow file that is small, or a small file that only imports a slow suite, would start last
 * and run alone at the end while the other worker idles. A name that is no file fails the run (a renamed file must
 * not silently lose its place).
 */
export function slowFirst(names: string[]) {
  return class SlowFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const missing = names.filter((n) => !existsSync(path.join(root, n)));
      if (missing.length)
        throw new Error(`slowFirst in ${root}/vitest.config.ts names files that do not exist: ${missing.join(', ')}`);
      const sorted = await super.sort(files);
      const rank = (f: TestSpecification) => {
        const i = names.indexOf(path.relative(root, f.moduleId).replaceAll('\\', '/'));
        return i < 0 ? names.length : i;
      };
      return sorted
        .map((f, i) => ({ f, i, r: rank(f) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map((x) => x.f);
    }
  };
}
