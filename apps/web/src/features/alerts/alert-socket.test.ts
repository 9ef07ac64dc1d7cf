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

  function make(onAlert = vi.fn()) {
    const s = new AlertSocket({
      url: 'ws://x/attnftmarket/ws',
      onAlert,
      healthCheckMs: 120_000,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    return { s, onAlert };
  }

  it('builds the URL from the page location', () => {
    expect(alertSocketUrl({ protocol: 'https:', host: 'a.kr' })).toBe('wss://a.kr/attnftmarket/ws');
    expect(alertSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/attnftmarket/ws');
  });

  it('sends the channel on open, pings every 120 s and reconnects when a ping got no reply', () => {
    const { s } = make();
    s.connect('0xabc');
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ channel: '0xabc' })]);
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
    s.connect('0xabc');
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
    s.connect('0xabc');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 3, status: 0, data: { productIdx: 42 } });
    expect(onAlert).toHaveBeenCalledWith({ type: 3, productIdx: 42 });
    s.close();
  });

  it('close clears the timer and the socket', () => {
    const { s } = make();
    s.connect('0xabc');
    s.close();
    expect(FakeSocket.all[0]!.closed).toBe(true);
    vi.advanceTimersByTime(500_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
