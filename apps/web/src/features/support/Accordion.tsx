import { type ReactNode, useId, useState } from 'react';

/** One accordion row: a button (aria-expanded) that shows or hides its panel. */
export function AccordionItem({
  summary,
  children,
  testId,
}: {
  summary: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className={`accordion-item ${open ? 'is-open' : ''}`} data-testid={testId}>
      <button
        type="button"
        className="accordion-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        id={`${id}-button`}
        onClick={() => setOpen((o) => !o)}
      >
        {summary}
        <span className="accordion-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div className="accordion-panel" id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`}>
          {children}
        </div>
      )}
    </li>
  );
}
