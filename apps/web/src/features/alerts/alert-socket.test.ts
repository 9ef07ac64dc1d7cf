import { ALERT_SOCKET_PATH } from '@att/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertSocket, alertSocketUrl } from './alert-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(obj: unknown) {
    this.onmessage?.({ data: JSON.stringify(obj) });
  }
}

describe('alert socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  function make(onAlert = vi.fn(), onItemEvent = vi.fn()) {
    const s = new AlertSocket({
      url: `ws://x${ALERT_SOCKET_PATH}`,
      onAlert,
      onItemEvent,
      healthCheckMs: 120_000,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    return { s, onAlert, onItemEvent };
  }

  it('builds the URL from the page location', () => {
    expect(alertSocketUrl({ protocol: 'https:', host: 'a.kr' })).toBe(`wss://a.kr${ALERT_SOCKET_PATH}`);
    expect(alertSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      `ws://localhost:8080${ALERT_SOCKET_PATH}`,
    );
  });

  it('sends the channel on open, pings every 120 s and reconnects when a ping got no reply', () => {
    const { s } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ channel: '0xabc', id: 'alice', ticket: 't1' })]);
    vi.advanceTimersByTime(120_000);
    expect(ws.sent[1]).toBe(' ');
    ws.receive({ status: 0 });
    expect(s.healthy).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(ws.sent[2]).toBe(' ');
    // no reply to that ping: the next check reconnects
    vi.advanceTimersByTime(120_000);
    expect(ws.closed).toBe(true);
    expect(FakeSocket.all).toHaveLength(2);
    s.close();
  });

  it('status -3 is healthy; another status disconnects', () => {
    const { s } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ status: -3 });
    expect(s.healthy).toBe(true);
    ws.receive({ status: 7 });
    expect(s.healthy).toBe(false);
    expect(ws.closed).toBe(true);
    s.close();
  });

  it('passes alerts of types 1-6 on', () => {
    const { s, onAlert } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 3, status: 0, data: { productIdx: 42 } });
    expect(onAlert).toHaveBeenCalledWith({ type: 3, productIdx: 42 });
    s.close();
  });

  it("passes an outbid alert on with the item's name and the new top bid", () => {
    const { s, onAlert } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    FakeSocket.all[0]!.open();
    const topBid = { price: '1500000000000000000', symbol: 'KLAY' };
    FakeSocket.all[0]!.receive({ id: '5', type: 9, status: 0, data: { productIdx: 42, itemName: 'Moon', topBid } });
    expect(onAlert).toHaveBeenCalledWith({ type: 9, id: '5', productIdx: 42, itemName: 'Moon', topBid });
    s.close();
  });

  it('passes a correction on with its id and the id of the alert it takes back, and counts it as heard', () => {
    const { s, onAlert } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ id: '5', type: 1, status: 0, data: { productIdx: 9 } });
    ws.receive({ id: '8', type: 8, status: 0, data: { productIdx: 9, retracts: '5' } });
    // Replayed again (a reconnect overlapping what was heard): not passed on twice.
    ws.receive({ id: '8', type: 8, status: 0, data: { productIdx: 9, retracts: '5' } });
    expect(onAlert.mock.calls.map(([a]) => a)).toEqual([
      { type: 1, id: '5', productIdx: 9, inquiryIdx: undefined, retracts: undefined },
      { type: 8, id: '8', productIdx: 9, inquiryIdx: undefined, retracts: '5' },
    ]);
    s.close();
  });

  it('tells of a reconnect (item events may have been missed), not of the first open', () => {
    const onReconnect = vi.fn();
    const s = new AlertSocket({
      url: `ws://x${ALERT_SOCKET_PATH}`,
      onAlert: vi.fn(),
      onReconnect,
      healthCheckMs: 120_000,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    s.watch([7]);
    FakeSocket.all[0]!.open();
    expect(onReconnect).not.toHaveBeenCalled();
    // No reply to a ping: the next check reconnects.
    vi.advanceTimersByTime(240_000);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent).toEqual([JSON.stringify({ watch: [7] })]);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    s.close();
  });

  it('reconnects with the id of the last alert heard, and shows a replayed alert it already showed only once', () => {
    const { s, onAlert } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    const first = FakeSocket.all[0]!;
    first.open();
    first.receive({ id: '5', type: 1, status: 0, data: { productIdx: 1 } });
    first.receive({ id: '6', type: 2, status: 0, data: { productIdx: 2 } });
    // No reply to a ping: the next check reconnects, naming the last alert heard.
    vi.advanceTimersByTime(240_000);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(JSON.parse(second.sent[0]!)).toEqual({ channel: '0xabc', id: 'alice', ticket: 't1', after: '6' });
    second.receive({ id: '6', type: 2, status: 0, data: { productIdx: 2 } });
    second.receive({ id: '7', type: 3, status: 0, data: { productIdx: 3 } });
    expect(onAlert.mock.calls.map(([a]) => (a as { productIdx: number }).productIdx)).toEqual([1, 2, 3]);
    s.close();
  });

  it('a refused ticket (27, 28, 29, 43, 44) closes the socket and it does not try again with it', () => {
    const { s } = make();
    s.connect('0xabc', { id: 'alice', ticket: 'stale' });
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ status: 27 });
    expect(ws.closed).toBe(true);
    vi.advanceTimersByTime(600_000);
    expect(FakeSocket.all).toHaveLength(1);
    // A new session (a new sign-in) connects again.
    s.connect('0xabc', { id: 'alice', ticket: 'fresh' });
    expect(FakeSocket.all).toHaveLength(2);
    s.close();
  });

  it('close clears the timer and the socket', () => {
    const { s } = make();
    s.connect('0xabc', { id: 'alice', ticket: 't1' });
    s.close();
    expect(FakeSocket.all[0]!.closed).toBe(true);
    vi.advanceTimersByTime(500_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  describe('watching items', () => {
    const sub = JSON.stringify({ channel: '0xabc', id: 'alice', ticket: 't1' });
    const event = (productIdx: number) => ({ event: 'item', status: 0, data: { productIdx } });

    it('sends the watched items after the subscription on open, and again at once when they change', () => {
      const { s } = make();
      s.watch([7]);
      s.connect('0xabc', { id: 'alice', ticket: 't1' });
      // Signed in: the public socket gave way to the member's.
      const ws = FakeSocket.all.at(-1)!;
      ws.open();
      expect(ws.sent).toEqual([sub, JSON.stringify({ watch: [7] })]);
      s.watch([7, 8, 7]);
      s.watch([]);
      expect(ws.sent.slice(2)).toEqual([JSON.stringify({ watch: [7, 8] }), JSON.stringify({ watch: [] })]);
      s.close();
    });

    it('an item event calls onItemEvent only for a watched item, never onAlert, and leaves the alert cursor alone', () => {
      const { s, onAlert, onItemEvent } = make();
      s.connect('0xabc', { id: 'alice', ticket: 't1' });
      s.watch([7]);
      const ws = FakeSocket.all[0]!;
      ws.open();
      ws.receive({ id: '5', type: 2, status: 0, data: { productIdx: 7 } });
      ws.receive(event(7));
      ws.receive(event(9));
      expect(onItemEvent.mock.calls).toEqual([[7]]);
      expect(onAlert).toHaveBeenCalledTimes(1);
      // A reconnect replays after alert 5, the last alert heard (the item event has no id).
      vi.advanceTimersByTime(120_000);
      vi.advanceTimersByTime(120_000);
      const again = FakeSocket.all.at(-1)!;
      expect(again).not.toBe(ws);
      again.open();
      expect(again.sent).toEqual([
        JSON.stringify({ channel: '0xabc', id: 'alice', ticket: 't1', after: '5' }),
        JSON.stringify({ watch: [7] }),
      ]);
      s.close();
    });

    it('nobody signed in: a socket without a channel opens while something is watched, pings, and closes when nothing is', () => {
      const { s, onItemEvent } = make();
      s.watch([]);
      expect(FakeSocket.all).toHaveLength(0);
      s.watch([3]);
      const ws = FakeSocket.all[0]!;
      ws.open();
      expect(ws.sent).toEqual([JSON.stringify({ watch: [3] })]);
      ws.receive({ status: 0 });
      ws.receive(event(3));
      expect(onItemEvent).toHaveBeenCalledWith(3);
      vi.advanceTimersByTime(120_000);
      expect(ws.sent.at(-1)).toBe(' ');
      ws.receive({ status: -3 });
      expect(s.healthy).toBe(true);
      s.watch([]);
      expect(ws.closed).toBe(true);
      vi.advanceTimersByTime(500_000);
      expect(FakeSocket.all).toHaveLength(1);
    });

    it('a logout keeps a socket without a channel for the items still watched', () => {
      const { s } = make();
      s.connect('0xabc', { id: 'alice', ticket: 't1' });
      s.watch([4]);
      FakeSocket.all[0]!.open();
      s.close();
      expect(FakeSocket.all[0]!.closed).toBe(true);
      const pub = FakeSocket.all[1]!;
      pub.open();
      expect(pub.sent).toEqual([JSON.stringify({ watch: [4] })]);
      s.watch([]);
      expect(pub.closed).toBe(true);
    });
  });
});
