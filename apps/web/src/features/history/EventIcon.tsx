import type { EventIconKind } from './history-format';

/** Small inline icons of the history event types (decorative; the label beside them says the event). */
const PATHS: Record<EventIconKind, string[]> = {
  mint: ['M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6'],
  sale: ['M3 4h2l2.4 11h11l2-8H6.2', 'M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01'],
  transfer: ['M4 8h14l-3-3', 'M20 16H6l3 3'],
  cancel: ['M6 6l12 12M18 6 6 18'],
  auction: ['M14 4l6 6-3 3-6-6zM11 7l-7 7 3 3 7-7', 'M4 21h10'],
  bid: ['M12 19V5M6 11l6-6 6 6'],
  refund: ['M9 14 4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-3'],
  win: ['M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0z', 'M17 6h3v2a3 3 0 0 1-3 3M7 6H4v2a3 3 0 0 0 3 3'],
  offer: ['M20 12 12 20l-8-8V4h8z', 'M8 8h.01'],
  accept: ['M5 12l5 5L20 7'],
  burn: ['M12 3s6 5 6 11a6 6 0 0 1-12 0c0-3 2-5 2-5s1 3 3 3c0-4 1-6 1-9z'],
  create: ['M12 5v14M5 12h14'],
  dot: ['M12 12h.01'],
};

export function EventIcon({ kind }: { kind: EventIconKind }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`event-icon event-icon-${kind}`}
    >
      {PATHS[kind].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
