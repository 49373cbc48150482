/**
 * The streams' Prometheus metrics, in the service's one registry (src/metrics/index.ts) so
 * `GET /metrics` shows them: open sockets per channel, subscriptions, frames and bytes sent,
 * closes by reason (slow clients among them). Label values come from closed sets only.
 */
import { Counter, Gauge } from 'prom-client';
import { registry } from '../metrics/index.js';

export type Channel = 'market' | 'user';

export const streamMetrics = {
  sockets: new Gauge({
    name: 'sibyl_ws_sockets_open', help: 'Open WebSocket connections, by channel (market | user)',
    labelNames: ['channel'] as const, registers: [registry],
  }),
  subscriptions: new Gauge({
    name: 'sibyl_ws_subscriptions', help: 'Subscriptions held: assets on the market channel, accounts on the user channel',
    labelNames: ['channel'] as const, registers: [registry],
  }),
  frames: new Counter({
    name: 'sibyl_ws_frames_sent_total', help: 'WebSocket data frames sent, by channel',
    labelNames: ['channel'] as const, registers: [registry],
  }),
  bytes: new Counter({
    name: 'sibyl_ws_bytes_sent_total', help: 'Payload bytes of WebSocket data frames sent, by channel',
    labelNames: ['channel'] as const, registers: [registry],
  }),
  closes: new Counter({
    name: 'sibyl_ws_closes_total',
    help: 'WebSocket connections the server closed, by reason (slow | idle | dead | auth | protocol | shutdown)',
    labelNames: ['reason'] as const, registers: [registry],
  }),
};

export type CloseReason = 'slow' | 'budget' | 'idle' | 'dead' | 'auth' | 'protocol' | 'shutdown' | 'fault';
