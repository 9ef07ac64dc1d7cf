/**
 * The notice popup's memory (spec 2, "Notice popup"): localStorage `att.noticePopup` maps a notice idx to the
 * time (ms) before which it stays hidden. A non-forced notice can be hidden for 24 hours; forced ones
 * (flagForce 1) always show. The query parameter `nr` clears the saved dismissals.
 */
import { NOTICE_POPUP_SNOOZE_MS } from '@att/shared';

const STORAGE_KEY = 'att.noticePopup';

type Snoozes = Record<string, number>;

function read(): Snoozes {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'number')) as Snoozes;
  } catch {
    return {};
  }
}

function write(s: Snoozes) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
  } catch {
    // storage unavailable: the dismissal lasts for this page only
  }
}

/** Hides a non-forced notice for 24 hours from `now`; expired entries are dropped on the way. */
export function snoozeNotice(idx: number, now = Date.now()) {
  const kept = Object.fromEntries(Object.entries(read()).filter(([, until]) => until > now));
  write({ ...kept, [idx]: now + NOTICE_POPUP_SNOOZE_MS });
}

export function clearSnoozes() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing saved
  }
}

/** The notices to show now, in order: forced ones always, others unless snoozed until later than `now`. */
export function visibleNotices<T extends { idx: number; flagForce: number }>(
  list: readonly T[],
  now = Date.now(),
): T[] {
  const snoozed = read();
  return list.filter((n) => n.flagForce === 1 || !((snoozed[n.idx] ?? 0) > now));
}
