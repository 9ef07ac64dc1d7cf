import { NOTICE_POPUP_SNOOZE_MS } from '@att/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSnoozes, snoozeNotice, visibleNotices } from './notice-popup';

const list = [
  { idx: 1, flagForce: 1 },
  { idx: 2, flagForce: 0 },
  { idx: 3, flagForce: 0 },
];

describe('notice popup memory', () => {
  beforeEach(() => localStorage.clear());

  it('shows every notice at first, in order', () => {
    expect(visibleNotices(list).map((n) => n.idx)).toEqual([1, 2, 3]);
  });

  it('hides a snoozed notice for 24 hours, then shows it again', () => {
    const now = 1_000_000;
    snoozeNotice(2, now);
    expect(visibleNotices(list, now + 1).map((n) => n.idx)).toEqual([1, 3]);
    expect(visibleNotices(list, now + NOTICE_POPUP_SNOOZE_MS - 1).map((n) => n.idx)).toEqual([1, 3]);
    expect(visibleNotices(list, now + NOTICE_POPUP_SNOOZE_MS + 1).map((n) => n.idx)).toEqual([1, 2, 3]);
  });

  it('always shows forced notices', () => {
    snoozeNotice(1);
    expect(visibleNotices(list).map((n) => n.idx)).toEqual([1, 2, 3]);
  });

  it('clears dismissals (the nr query) and survives garbage in storage', () => {
    snoozeNotice(3);
    clearSnoozes();
    expect(visibleNotices(list)).toHaveLength(3);
    localStorage.setItem('att.noticePopup', '[1,2');
    expect(visibleNotices(list)).toHaveLength(3);
    localStorage.setItem('att.noticePopup', JSON.stringify({ 2: 'soon' }));
    expect(visibleNotices(list)).toHaveLength(3);
  });
});
