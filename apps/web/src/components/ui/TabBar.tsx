import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * A tab bar (the WAI-ARIA tabs pattern): only the selected tab is in the Tab order; the arrow keys move to the
 * previous or next tab (wrapping), Home and End to the first and last, and select it. The panels are the caller's:
 * `tabId` and `panelId` tie each tab to its panel.
 */
export function TabBar<K extends string>({
  tabs,
  active,
  onSelect,
  label,
  className = 'tabs',
  tabId,
  panelId,
  testId,
  children,
}: {
  tabs: readonly K[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
  className?: string;
  tabId: (key: K) => string;
  panelId: (key: K) => string;
  testId: (key: K) => string;
  /** The visible name of a tab. */
  children: (key: K) => ReactNode;
}) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const n = tabs.length;
    const target =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (target < 0) return;
    e.preventDefault();
    const next = tabs[target]!;
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((key, i) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[key] = el;
          }}
          type="button"
          role="tab"
          id={tabId(key)}
          aria-selected={active === key}
          aria-controls={panelId(key)}
          tabIndex={active === key ? 0 : -1}
          className="tab"
          data-testid={testId(key)}
          onClick={() => onSelect(key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {children(key)}
        </button>
      ))}
    </div>
  );
}

/**
 * The selected tab of a page that owns its tabs, with the ids that tie them together: spread `bar` on the
 * `TabBar` and `panel` on the one panel that shows the selected tab.
 */
export function useTabs<K extends string>(initial: K) {
  const [tab, setTab] = useState<K>(initial);
  const base = useId();
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;
  return {
    tab,
    bar: { active: tab, onSelect: setTab, tabId, panelId },
    panel: { role: 'tabpanel', id: panelId(tab), 'aria-labelledby': tabId(tab), tabIndex: 0 },
  };
}
