/**
 * Turns a posted order (docs/venue.md §3: the signed-order body existing clients send) into the
 * exchange's order command. Amounts are 6-decimal integer strings: for a BUY the maker gives
 * collateral and takes shares, for a SELL the reverse, and the price is their ratio. Limit
 * orders must state an exact price on the market's tick grid; market orders (FOK/FAK) state a
 * worst price that clients round, so it is brought onto the grid as the venue matches it — the
 * exact ratio against the resting price, never rounded toward the book (`worstOnGrid`) — and a
 * market BUY spends its makerAmount of collateral.
 * A present `signature` is verified before this (src/trading/signed/, docs/bots.md); without one
 * the L2 credentials authorise the order (docs/trading.md). The wire types of every field
 * are the route schema's (src/routes/trading/order-body.ts); this checks what the values mean.
 * Amounts past the exact range of micro-unit integers are refused here, naming the bound
 * (`amount_too_large`, src/domain/micro-input.ts), before any price is derived from them.
 * A V2 order's `builder` (bytes32, signed with it) becomes the command's `builderCode`: its
 * trades are the builder's (`GET /builder/trades?builder_code=`); the zero code is no builder.
 */
import type { OrderCommand, OrderType, Side } from '../core/index.js';
import { MICRO } from '../domain/money.js';
import { MAX_INPUT_MICRO, parseMicroDigits, tooLargeMessage } from '../domain/micro-input.js';

export interface WireOrder {
  salt?: unknown; maker?: unknown; signer?: unknown; taker?: unknown; tokenId?: unknown;
  makerAmount?: unknown; takerAmount?: unknown; expiration?: unknown; nonce?: unknown;
  feeRateBps?: unknown; side?: unknown; signatureType?: unknown; signature?: unknown; builder?: unknown;
}

/** The POST /order body; `owner` is the spec's word for the API key the order is placed with. */
export interface OrderBody { order?: WireOrder; owner?: unknown; orderType?: unknown; postOnly?: unknown }

export interface InputReject { code: string; message: string; field?: string; [detail: string]: unknown }

export const PAYLOAD = 'Invalid order payload';
export const OWNER_MISMATCH = 'the order owner has to be the owner of the API KEY';
export const SIGNER_MISMATCH = 'the order signer address has to be the address of the API KEY';

function amount(v: unknown, field: string): number | InputReject {
  const n = typeof v === 'string' ? parseMicroDigits(v) : 'invalid';
  if (n === 'too_large') return { code: 'amount_too_large', message: tooLargeMessage(field), field, max: MAX_INPUT_MICRO };
  if (n === 'invalid') return { code: 'invalid_order_payload', message: PAYLOAD, field, reason: 'an integer string of 6-decimal units' };
  if (n <= 0) return { code: 'invalid_order_payload', message: PAYLOAD, field, reason: 'a positive amount' };
  return n;
}

function side(v: unknown): Side | null {
  if (v === 'BUY' || v === 0) return 'BUY';
  if (v === 'SELL' || v === 1) return 'SELL';
  return null;
}

const TYPES: readonly string[] = ['GTC', 'GTD', 'FOK', 'FAK'];

/** price = num × 1e6 / den, exact integers (BigInt: the product can exceed 2^53). */
function ratio(num: number, den: number): { q: number; exact: boolean } {
  const n = BigInt(num) * BigInt(MICRO);
  const d = BigInt(den);
  return { q: Number(n / d), exact: n % d === 0n };
}

/**
 * A market order's worst price on the tick grid, exactly as the venue matches it (docs/venue.md §3):
 * the order's price is collateral / shares, unrounded, and a BUY lifts an ask only when that price
 * is at or above it, a SELL hits a bid only when it is at or below it. Asks and bids sit on the
 * grid, so the BUY's limit is the last tick at or below its price (floor) and the SELL's the
 * first tick at or above it (ceil), in integers: a BUY signed a hair below a tick (the SDK's
 * protected rounding, 5 / 8.3334 = 0.5999952) does not reach that tick, as on the venue.
 */
function worstOnGrid(side: Side, collateral: number, shares: number, tick: number): number {
  const num = BigInt(collateral) * BigInt(MICRO);
  const den = BigInt(shares) * BigInt(tick);
  const ticks = num / den + (side === 'SELL' && num % den !== 0n ? 1n : 0n);
  return Number(ticks) * tick;
}

export interface AuthIdentity { address: string; apiKey: string }

/** The zero builder code: a V2 order with no builder. */
export const ZERO_BUILDER_CODE = `0x${'0'.repeat(64)}`;
const BUILDER_CODE = /^0x[0-9a-fA-F]{64}$/;

/**
 * The V2 order's `builder` (bytes32) as the order's builder code, lowercase; `undefined` for none
 * (absent, or the zero code), `null` when it is not a bytes32 hex string.
 */
export function builderCodeOf(v: unknown): string | undefined | null {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !BUILDER_CODE.test(v)) return null;
  const code = v.toLowerCase();
  return code === ZERO_BUILDER_CODE ? undefined : code;
}

/**
 * Validates the body's shape and identity and builds the command. `tokenOf` resolves the token
 * id as sent (either form) to the one token id and its market's tick (undefined when no market
 * has it: the engine then rejects it properly).
 */
export function toOrderCommand(body: OrderBody, who: AuthIdentity, tokenOf: (text: string) => { tokenId: string; tick: number } | undefined, builder?: string, funder?: string): OrderCommand | InputReject {
  const o = body.order;
  if (o === null || typeof o !== 'object') return { code: 'invalid_order_payload', message: PAYLOAD, field: 'order' };
  if (body.owner !== who.apiKey) return { code: 'owner_mismatch', message: OWNER_MISMATCH, field: 'owner' };
  const addr = who.address.toLowerCase();
  // A verified signed order of a linked funder wallet (src/trading/signed/) is the funder's: its maker.
  const wallet = funder ?? who.address;
  // A verified type-3 order (a deposit wallet, docs/venue.md §10) is signed by the wallet itself: its signer is the maker.
  const signer = funder !== undefined && o.signatureType === 3 ? wallet.toLowerCase() : addr;
  for (const field of ['maker', 'signer'] as const) {
    const v = o[field];
    const want = field === 'maker' ? wallet.toLowerCase() : signer;
    if (typeof v !== 'string' || v.toLowerCase() !== want) return { code: 'signer_mismatch', message: SIGNER_MISMATCH, field };
  }
  const type = body.orderType === undefined ? 'GTC' : body.orderType;
  if (typeof type !== 'string' || !TYPES.includes(type)) return { code: 'invalid_order_payload', message: PAYLOAD, field: 'orderType', allowed: TYPES };
  const s = side(o.side);
  if (s === null) return { code: 'invalid_order_payload', message: PAYLOAD, field: 'side', allowed: ['BUY', 'SELL'] };
  if (typeof o.tokenId !== 'string' || o.tokenId.length > 100) return { code: 'invalid_order_payload', message: PAYLOAD, field: 'tokenId' };
  const maker = amount(o.makerAmount, 'makerAmount');
  if (typeof maker !== 'number') return maker;
  const taker = amount(o.takerAmount, 'takerAmount');
  if (typeof taker !== 'number') return taker;
  const expRaw = o.expiration ?? '0';
  const expiration = typeof expRaw === 'string' && /^\d{1,12}$/.test(expRaw) ? Number(expRaw) : NaN;
  if (Number.isNaN(expiration)) return { code: 'invalid_expiration', message: 'invalid expiration', field: 'expiration' };
  if (body.postOnly !== undefined && typeof body.postOnly !== 'boolean') return { code: 'invalid_order_payload', message: PAYLOAD, field: 'postOnly' };
  const builderCode = builderCodeOf(o.builder);
  if (builderCode === null) return { code: 'invalid_order_payload', message: PAYLOAD, field: 'builder', reason: 'a 0x-prefixed 32-byte hex builder code' };

  const collateral = s === 'BUY' ? maker : taker;
  const shares = s === 'BUY' ? taker : maker;
  const { q: price, exact } = ratio(collateral, shares);
  const isMarket = type === 'FOK' || type === 'FAK';
  const token = tokenOf(o.tokenId);
  const base = { wallet, apiKey: who.apiKey, tokenId: token?.tokenId ?? o.tokenId, side: s, type: type as OrderType, postOnly: body.postOnly === true, expiration, ...(builder ? { builder } : {}), ...(builderCode ? { builderCode } : {}) };
  if (!isMarket) {
    if (!exact) return { code: 'invalid_price', message: PAYLOAD, field: 'makerAmount', reason: 'makerAmount and takerAmount must give an exact price on the tick grid' };
    return { ...base, price, size: shares };
  }
  const tick = token?.tick;
  if (tick === undefined) return { ...base, price, size: shares }; // unknown token: the engine rejects it
  const clamped = Math.min(Math.max(worstOnGrid(s, collateral, shares, tick), tick), MICRO - tick);
  return s === 'BUY' ? { ...base, price: clamped, amount: maker } : { ...base, price: clamped, size: shares };
}

export function isInputReject(x: OrderCommand | InputReject): x is InputReject {
  return typeof (x as InputReject).code === 'string';
}
