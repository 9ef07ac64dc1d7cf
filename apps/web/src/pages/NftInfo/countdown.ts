/** The listing countdown's text parts (spec 3): an optional day count, then hh:mm:ss; never below zero. */
export interface CountdownParts {
  days: number;
  hms: string;
  done: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function countdownParts(msLeft: number): CountdownParts {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return { days, hms: `${pad(h)}:${pad(m)}:${pad(s)}`, done: total === 0 };
}
