import { describe, expect, it } from 'vitest';
import { HISTORY_EVENT_CODES, HISTORY_FILTER_EVENTS, HistoryEvent, TRADE_EVENTS, isHistoryEvent } from './history';

describe('history event types', () => {
  it('are exactly the codes 0-28, each once', () => {
    expect([...HISTORY_EVENT_CODES].sort((a, b) => a - b)).toEqual(Array.from({ length: 29 }, (_, i) => i));
    expect(new Set(Object.keys(HistoryEvent)).size).toBe(29);
  });
  it('recognises only integers 0-28', () => {
    expect(isHistoryEvent(0)).toBe(true);
    expect(isHistoryEvent(28)).toBe(true);
    expect(isHistoryEvent(29)).toBe(false);
    expect(isHistoryEvent(-1)).toBe(false);
    expect(isHistoryEvent(1.5)).toBe(false);
  });
  it('every filter group names known events and the deal group is the trades', () => {
    for (const events of Object.values(HISTORY_FILTER_EVENTS))
      for (const e of events) expect(isHistoryEvent(e)).toBe(true);
    expect(HISTORY_FILTER_EVENTS[3]).toBe(TRADE_EVENTS);
  });
});
