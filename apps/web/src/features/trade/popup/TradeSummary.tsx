import type { ReactNode } from 'react';

export interface TradeFact {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A trade popup's facts (label, value and an optional test id): what it is about, or what a trade pays. */
export function TradeFacts({ facts, testId }: { facts: readonly TradeFact[]; testId?: string }) {
  return (
    <dl className="kv trade-summary" data-testid={testId}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The head of a trade popup: the item's name with an optional note beside it (what is free, the limit; hidden once
 * the trade is done), its facts, and what follows them (`children`).
 */
export function TradeSummary({
  name,
  note,
  facts = [],
  children,
}: {
  name: string;
  note?: ReactNode;
  facts?: readonly TradeFact[];
  children?: ReactNode;
}) {
  return (
    <>
      <p className="trade-item-name">
        {name}
        {note && <> {note}</>}
      </p>
      {facts.length > 0 && <TradeFacts facts={facts} />}
      {children}
    </>
  );
}
