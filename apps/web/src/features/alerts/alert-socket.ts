/**
 * The alert socket (spec 1, section 4): after login connect to ws(s)://<host>/attnftmarket/ws, send
 * {channel: address} on open; every 120 s ping with a single space, or reconnect when the previous ping got
 * no reply. A reply with status 0 or -3 marks the socket healthy; any other status disconnects it.
 */
import { ALERT_TYPES, INTERVALS } from '@att/shared';
import { z } from 'zod';

export const alertMessageSchema = z.object({
  type: z.number().int().optional(),
  status: z.number().int().optional(),
  data: z.object({ productIdx: z.number().int().optional(), inquiryIdx: z.number().int().optional() }).passthrough().nullish(),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;

export interface AlertSocketOptions {
  url?: string;
  onAlert: (message: { type: number; productIdx?: number; inquiryIdx?: number }) => void;
  createSocket?: (url: string) => WebSocket;
  healthCheckMs?: number;
}

export function alertSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/attnftmarket/ws`;
}

export class AlertSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private awaitingReply = false;
  private address: string | null = null;
  healthy = false;

  constructor(private readonly options: AlertSocketOptions) {}

  connect(address: string) {
    this.close();
    this.address = address;
    this.open();
    this.timer = setInterval(() => this.healthCheck(), this.options.healthCheckMs ?? INTERVALS.alertHealthCheckMs);
  }

  private open() {
    if (!this.address) return;
    const url = this.options.url ?? alertSocketUrl();
    let ws: WebSocket;
    try {
      ws = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch (err) {
      console.error('[alerts] cannot open the socket', err);
      return;
    }
    this.socket = ws;
    this.awaitingReply = false;
    const channel = this.address;
    ws.onopen = () => ws.send(JSON.stringify({ channel }));
    ws.onmessage = (e: MessageEvent) => this.onMessage(e.data);
    ws.onerror = () => {
      this.healthy = false;
    };
    ws.onclose = () => {
      if (this.socket === ws) this.healthy = false;
    };
  }

  private onMessage(raw: unknown) {
    this.awaitingReply = false;
    let parsed: AlertMessage;
    try {
      parsed = alertMessageSchema.parse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    if (parsed.type !== undefined && (ALERT_TYPES as readonly number[]).includes(parsed.type)) {
      this.options.onAlert({ type: parsed.type, productIdx: parsed.data?.productIdx, inquiryIdx: parsed.data?.inquiryIdx });
      return;
    }
    if (parsed.status === 0 || parsed.status === -3) {
      this.healthy = true;
    } else if (parsed.status !== undefined) {
      this.healthy = false;
      this.socket?.close();
    }
  }

  private healthCheck() {
    const ws = this.socket;
    if (!ws || this.awaitingReply || ws.readyState !== 1) {
      this.reopen();
      return;
    }
    this.awaitingReply = true;
    ws.send(' ');
  }

  private reopen() {
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.onclose = null;
      old.close();
    }
    this.open();
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ws = this.socket;
    this.socket = null;
    this.address = null;
    this.awaitingReply = false;
    this.healthy = false;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
    }
  }
}
