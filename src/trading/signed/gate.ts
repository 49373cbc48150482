/**
 * The signed-order gate in front of order entry (docs/bots.md): turns the posted token id (a CTF
 * position id or `<condition_id>:<index>`) into the internal one, refuses unsigned orders when
 * the operator requires signatures, verifies a present signature (verify.ts) and claims its hash
 * against replay (store.ts). It runs before the exchange's single-writer queue, so signature
 * recovery never holds the queue. The hash is claimed durably before the order is placed (so a
 * crash can never let it be accepted twice) and, once the exchange has answered, kept with its
 * order id or removed if the order was refused (`settle`): a refusal leaves no trace.
 */
import type { ExchangeService } from '../../exchange/service.js';
import type { BotsConfig } from '../../config/bots.js';
import { isTokenId, resolveToken } from '../../domain/ids.js';
import type { AuthIdentity, InputReject, OrderBody } from '../order-input.js';
import type { PostedOrder } from './typed-data.js';
import { verifySignedOrder } from './verify.js';
import type { Signers } from './ecdsa.js';
import type { SignedOrderStore } from './store.js';

export interface Prepared {
  body: OrderBody;
  /** The funder wallet that owns a verified type-1/2 order (its maker). */
  funder?: string;
  /** The claimed hash of a verified signed order, settled after placement. */
  claim?: { hash: string; signer: string };
}

export interface GateDeps {
  exchange: ExchangeService;
  store: SignedOrderStore;
  chainId: number;
  bots: BotsConfig;
  /** Signature recovery and the signer-key cache (ecdsa.ts), one per process. */
  signers: Signers;
  /** The service's clock (ms): when a claim was made. */
  now: () => number;
}

const rej = (code: string, message: string, extra: Record<string, unknown> = {}): InputReject => ({ code, message, ...extra });

export class SignedOrderGate {
  constructor(private readonly deps: GateDeps) {}

  get store(): SignedOrderStore { return this.deps.store; }

  async prepare(body: OrderBody, who: AuthIdentity): Promise<Prepared | InputReject> {
    const o = body.order as PostedOrder | undefined;
    if (o === undefined || o === null || typeof o !== 'object' || typeof o.tokenId !== 'string') return { body };
    const token = resolveToken(this.deps.exchange.core, o.tokenId);
    if (token === undefined) {
      if (isTokenId(o.tokenId)) return rej('unknown_token', `unknown token id ${o.tokenId}: no market has this position id`, { field: 'tokenId' });
      return { body }; // not a token id (or an alias of no market): order-input's own checks name it
    }
    const posted: OrderBody = { ...body, order: { ...body.order, tokenId: token.tokenId } };
    const signed = typeof o.signature === 'string' && o.signature !== '' && o.signature !== '0x';
    if (!signed) {
      if (this.deps.bots.requireSignatures) return rej('signature_required', 'this venue requires signed orders (SIBYL_REQUIRE_ORDER_SIGNATURES=1): sign the order with its EIP-712 domain', { field: 'signature' });
      return { body: posted };
    }
    const market = this.deps.exchange.core.market(token.conditionId)!;
    const positionId = BigInt(token.tokenId);
    const v = verifySignedOrder(o, who.address, { positionId, negRisk: market.negRisk !== undefined, takerFeeBps: market.takerBaseFeeBps }, {
      chainId: this.deps.chainId, bots: this.deps.bots, isLinked: (f, s) => this.deps.store.isLinked(f, s), signers: this.deps.signers,
    });
    if ('code' in v) return v;
    if (!(await this.deps.store.claim(v.hash, v.signer, this.deps.now()))) {
      return rej('order_replayed', `replayed order: this signed order (hash ${v.hash}) was already submitted; sign a new order (a new salt)`, { field: 'salt', hash: v.hash });
    }
    const funder = v.wallet.toLowerCase() === who.address.toLowerCase() ? undefined : v.wallet;
    return { body: posted, ...(funder ? { funder } : {}), claim: { hash: v.hash, signer: v.signer } };
  }
}
