import type { ReactNode } from 'react';

/** The head of a trade popup: the item's name and its facts (label, value and an optional test id). */
export function TradeSummary({
  name,
  facts,
}: {
  name: string;
  facts: readonly { label: string; value: ReactNode; testId?: string }[];
}) {
  return (
    <>
      <p className="trade-item-name">{name}</p>
      <dl className="kv trade-summary">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd data-testid={f.testId}>{f.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
