/**
 * The AsyncAPI 3.0 description of the streams (served at `/asyncapi.json`): both channels,
 * what a client sends, every event with its fields, and our additions (`seq`, `resync`,
 * `heartbeat`, `error`, `cancel_reason`). Written by hand from docs/venue.md §9 and the builders in
 * this folder; test/streams checks that every event the service sends is described here.
 */
type Schema = Record<string, unknown>;

const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const dec = (description: string): Schema => str(`${description} (decimal string)`);
const ms = str('Unix milliseconds as a string');
const seq: Schema = { type: 'integer', description: 'Our addition: the book sequence number of the asset (both tokens of a market share it); +1 for every committed change; a gap means a missed event: send resync' };
const obj = (properties: Record<string, Schema>, description?: string): Schema => ({ type: 'object', properties, required: Object.keys(properties), ...(description ? { description } : {}) });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const level = obj({ price: dec('price'), size: dec('total size at the price') });

const book = obj({
  event_type: { const: 'book' }, market: str('condition id'), asset_id: str('token id'), timestamp: str('ms of the book\'s last change'),
  hash: str('SHA-1 hex of the REST /book snapshot with hash "" (docs/streams.md)'), bids: arr(level), asks: arr(level),
  min_order_size: dec('minimum order size'), tick_size: dec('tick size'), neg_risk: { type: 'boolean' }, last_trade_price: str('"" when none'), seq,
}, 'The whole book of one token, bids ascending and asks descending (best LAST), exactly as REST /book');

const priceChange = obj({
  event_type: { const: 'price_change' }, market: str(), timestamp: ms, seq,
  price_changes: arr(obj({ asset_id: str(), price: dec('level price'), size: dec('NEW TOTAL at the level, "0" = gone'), side: { enum: ['BUY', 'SELL'] },
    hash: str('hash of the token\'s book after the change'), best_bid: str('"" when empty'), best_ask: str('"" when empty') })),
});

const events: Record<string, Schema> = {
  book,
  price_change: priceChange,
  last_trade_price: obj({ event_type: { const: 'last_trade_price' }, asset_id: str(), market: str(), price: dec('price'), size: dec('size'),
    side: str('the taker\'s side, as this token sees it'), fee_rate_bps: str(), timestamp: ms, transaction_hash: str(), seq }),
  tick_size_change: obj({ event_type: { const: 'tick_size_change' }, asset_id: str(), market: str(), old_tick_size: dec('old tick'), new_tick_size: dec('new tick'), timestamp: ms, seq }),
  best_bid_ask: obj({ event_type: { const: 'best_bid_ask' }, market: str(), asset_id: str(), best_bid: str(), best_ask: str(), spread: str(), timestamp: ms, seq },
    'custom_feature_enabled only'),
  new_market: obj({ event_type: { const: 'new_market' }, id: str(), question: str(), market: str(), slug: str(), description: str(), assets_ids: arr(str()),
    outcomes: arr(str()), timestamp: ms, tags: arr(str()), condition_id: str(), active: { type: 'boolean' }, clob_token_ids: arr(str()),
    order_price_min_tick_size: str(), event_message: { type: ['object', 'null'] }, seq }, 'custom_feature_enabled only; to every such socket'),
  market_resolved: obj({ event_type: { const: 'market_resolved' }, id: str(), market: str(), assets_ids: arr(str()), winning_asset_id: str('"" for a split payout'),
    winning_outcome: str(), timestamp: ms, tags: arr(str()), seq }, 'custom_feature_enabled only'),
  heartbeat: obj({ event_type: { const: 'heartbeat' }, timestamp: ms, seq_by_asset: { type: 'object', additionalProperties: { type: 'integer' } } },
    'Our addition: every 5 s on a socket that was sent nothing else; seq_by_asset on the market channel only'),
  error: obj({ event_type: { const: 'error' }, error: str() }, 'Our addition: a refused message (malformed, over the asset cap, rate-limited: retry_after seconds); the socket stays open'),
  order: obj({ event_type: { const: 'order' }, id: str(), owner: str('API key the order was placed with'), market: str(), asset_id: str(), side: str(),
    original_size: dec('size'), size_matched: dec('size'), price: dec('price'), associate_trades: arr(str()), outcome: str(),
    type: { enum: ['PLACEMENT', 'UPDATE', 'CANCELLATION'] }, status: { enum: ['LIVE', 'MATCHED', 'CANCELED'] }, order_type: str(),
    expiration: str('"0" = none'), created_at: str('Unix seconds'), maker_address: str(), timestamp: ms }, 'CANCELLATION adds cancel_reason (our addition)'),
  trade: obj({ event_type: { const: 'trade' }, type: { const: 'TRADE' }, id: str(), taker_order_id: str(), market: str(), asset_id: str(), side: str('taker\'s'),
    size: dec('size'), price: dec('price'), fee_rate_bps: str(), status: { const: 'CONFIRMED' }, match_time: str('Unix seconds'), matchtime: str('same as match_time'),
    last_update: str(), outcome: str(), owner: str(), trade_owner: str(), maker_address: str(), transaction_hash: str(), bucket_index: { type: 'integer' },
    maker_orders: arr(obj({ order_id: str(), owner: str(), maker_address: str(), matched_amount: dec('size'), price: dec('price'), fee_rate_bps: str(),
      asset_id: str(), outcome: str(), side: str() })), trader_side: { enum: ['TAKER', 'MAKER'] }, timestamp: ms }),
};

const message = (name: string, payload: Schema, summary?: string) => ({ name, ...(summary ? { summary } : {}), payload });
const MARKET = ['book', 'price_change', 'last_trade_price', 'tick_size_change', 'best_bid_ask', 'new_market', 'market_resolved', 'heartbeat', 'error'];
const USER = ['order', 'trade', 'heartbeat', 'error'];

export const DESCRIBED_EVENTS = Object.keys(events);

export function asyncApiDocument(): Record<string, unknown> {
  const sendMessages = {
    marketSubscribe: message('market subscribe', obj({ type: { enum: ['market', 'MARKET'] }, assets_ids: arr(str()) }), 'First message; optional custom_feature_enabled, initial_dump (default true), level 1–3'),
    userSubscribe: message('user subscribe', obj({ type: { enum: ['user', 'USER'] }, auth: obj({ apiKey: str(), secret: str(), passphrase: str() }) }), 'First message; optional markets (condition ids)'),
    operation: message('operation', obj({ operation: { enum: ['subscribe', 'unsubscribe', 'resync'] } }), 'Later messages: assets_ids (market) or markets (user, optionally auth again); resync answers fresh books'),
    ping: message('PING', { type: 'string', enum: ['PING', 'ping'] }, 'Answered PONG / pong; PING before subscribing closes 1008'),
  };
  const received = Object.fromEntries(Object.entries(events).map(([k, v]) => [k, message(k, { oneOf: [v, arr(v)] })]));
  const ref = (names: string[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/messages/${n}` }]));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Sibyl streams', version: '0.1.0',
      description: 'WebSocket market and user channels, wire-compatible with the CLOB\'s, plus seq, resync and heartbeats (docs/streams.md). Close codes: 1008 PING before subscribing; 1009 frame too big; 1013 client too slow; 4401 bad credentials; 1000 idle; 1001 shutdown.',
    },
    channels: {
      market: { address: '/ws/market', messages: { ...ref(MARKET), ...ref(['marketSubscribe', 'operation', 'ping']) } },
      user: { address: '/ws/user', messages: { ...ref(USER), ...ref(['userSubscribe', 'operation', 'ping']) } },
    },
    operations: {
      subscribeMarket: { action: 'send', channel: { $ref: '#/channels/market' }, messages: ['marketSubscribe', 'operation', 'ping'].map((n) => ({ $ref: `#/channels/market/messages/${n}` })) },
      receiveMarket: { action: 'receive', channel: { $ref: '#/channels/market' }, messages: MARKET.map((n) => ({ $ref: `#/channels/market/messages/${n}` })) },
      subscribeUser: { action: 'send', channel: { $ref: '#/channels/user' }, messages: ['userSubscribe', 'operation', 'ping'].map((n) => ({ $ref: `#/channels/user/messages/${n}` })) },
      receiveUser: { action: 'receive', channel: { $ref: '#/channels/user' }, messages: USER.map((n) => ({ $ref: `#/channels/user/messages/${n}` })) },
    },
    components: { messages: { ...received, ...sendMessages } },
  };
}
