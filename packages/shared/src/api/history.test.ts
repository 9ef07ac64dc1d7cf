import { describe, expect, it } from 'vitest';
import { HISTORY_FILTER_EVENTS, HISTORY_EVENT_CODES } from '../domain/history';
import { rankingListRequest, transactionAllRequest, transactionMineRequest } from './history';

describe('history contract', () => {
  it('clamps page sizes (20 default, 100 cap) and checks the filters', () => {
    expect(transactionAllRequest.parse({})).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(transactionAllRequest.parse({ pageSize: 1e9 }).pageSize).toBe(100);
    expect(rankingListRequest.parse({})).toMatchObject({ pageSize: 100, rankOrderColumn: 1, rankOrderType: 1 });
    expect(rankingListRequest.parse({ pageSize: 1e9 }).pageSize).toBe(100);
    for (const bad of [
      { filterStatus: [0] },
      { filterStatus: [5] },
      { filterCoin: ['ETH'] },
      { cursor: '-1' },
      { startPrice: '1,000' },
      { pageSize: 0 },
    ]) {
      expect(transactionAllRequest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(rankingListRequest.safeParse({ rankOrderColumn: 7 }).success).toBe(false);
    expect(rankingListRequest.safeParse({ rankOrderType: 0 }).success).toBe(false);
    expect(transactionMineRequest.safeParse({}).success).toBe(false);
  });

  it('every status group holds only known event codes', () => {
    for (const group of Object.values(HISTORY_FILTER_EVENTS))
      for (const code of group) expect(HISTORY_EVENT_CODES).toContain(code);
  });
});
