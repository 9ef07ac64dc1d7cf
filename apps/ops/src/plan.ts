/** Prints a settings plan, one change a line, before anything is sent. */
import type { SettingChange } from '@att/contracts';

export function printPlan(changes: readonly SettingChange[]): void {
  console.log(`${changes.length} change(s):`);
  for (const c of changes) console.log(`  ${c.contract}.${c.setting}: ${c.from} -> ${c.to}   (${c.call.functionName})`);
}
