/**
 * Checks a journey runs on any page: axe-core 4 (injected through the DevTools protocol, so the page's CSP does
 * not apply) and the phone-width rules (nothing wider than the viewport; an open dialog and its buttons inside it).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

/**
 * Known failures that belong to another change, as [rule, CSS selector of the element] pairs: left out of the
 * bar and counted, so the journey says whether they still occur (the list shrinks instead of hiding new ones).
 */
export type KnownAxe = readonly (readonly [rule: string, selector: string])[];

/**
 * axe's violations on the page: every serious or critical one, and any of `alwaysRules` whatever its impact,
 * less the `known` ones (added to `seen`). The experimental `label-content-name-mismatch` rule runs too (a
 * control whose name does not contain its visible text).
 */
export async function axeViolations(
  page: Page,
  alwaysRules: readonly string[],
  known: KnownAxe,
  seen: Set<string>,
): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const r = await page.evaluate(
    async ({ always, knownList }) => {
      type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
      const axe = (
        window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
      ).axe;
      const result = await axe.run(document, {
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      });
      const knownSeen: string[] = [];
      const findings = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
        .flatMap((v) => {
          const targets = v.nodes
            .filter((n) => {
              const el = document.querySelector(n.target[0] ?? '');
              const k = knownList.find(([rule, selector]) => rule === v.id && el?.closest(selector));
              if (k) knownSeen.push(`${k[0]} at ${k[1]}`);
              return !k;
            })
            .map((n) => n.target.join(' '));
          return targets.length ? [{ rule: v.id, impact: v.impact ?? 'unknown', help: v.help, targets }] : [];
        });
      return { findings, knownSeen };
    },
    { always: [...alwaysRules], knownList: known.map(([a, b]) => [a, b] as [string, string]) },
  );
  for (const k of r.knownSeen) seen.add(k);
  return r.findings;
}

/**
 * What sticks out of the viewport: the page's scroll width when it is wider than the window, with the elements
 * that reach past the right edge and are not clipped by a scroller (what to fix); and for every open dialog, its
 * box and buttons that are not fully inside the window.
 */
export async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const clippedByScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > vw) {
      problems.push(`page is ${document.documentElement.scrollWidth} px wide in a ${vw} px window`);
      for (const el of document.querySelectorAll('body *')) {
        const b = el.getBoundingClientRect();
        if (
          b.right > vw + 1 &&
          b.width > 0 &&
          !el.closest('[role="dialog"], [role="alertdialog"], .dialog-backdrop') &&
          !clippedByScroller(el)
        ) {
          problems.push(`  ${name(el)} reaches ${Math.round(b.right)} px`);
          if (problems.length > 8) break;
        }
      }
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      const boxes = [dialog, ...dialog.querySelectorAll('button, a[href], input, select, textarea')];
      for (const el of boxes) {
        const b = el.getBoundingClientRect();
        if (b.width < 4 || b.height < 4) continue; // visually hidden (an sr-only checkbox: its label is the target)
        if (getComputedStyle(el).visibility === 'hidden') continue;
        // A dialog scrolls inside itself when it is taller than the window: only its width and its top must fit.
        const out = b.left < -1 || b.right > vw + 1 || (el === dialog ? b.top < -1 || b.top > vh : false);
        const where = `dialog "${dialog.querySelector('h2')?.textContent ?? ''}": ${name(el)}`;
        if (out)
          problems.push(
            `${where} at x ${Math.round(b.left)}..${Math.round(b.right)}, y ${Math.round(b.top)} outside ${vw}x${vh}`,
          );
        // A tap on a control the window shows lands on it (nothing covers it, it is not off to the side).
        const x = b.left + b.width / 2;
        const y = b.top + b.height / 2;
        if (el !== dialog && !out && y > 0 && y < vh) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !(el === hit || el.contains(hit)))
            problems.push(`${where}: a tap at its centre lands on ${hit ? name(hit) : 'nothing'}`);
        }
      }
    }
    return problems;
  });
}
