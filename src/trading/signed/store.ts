/**
 * The durable side of signed orders (migration 0020): claimed and accepted signed-order hashes
 * (the replay check, which survives a restart) and the operator's funder → signer links. Links are few and
 * read on every type-1/2 order, so they are held in memory (loaded at start, written through).
 */
import type { Kysely } from 'kysely';

interface SignedTables {
  signed_orders: { hash: string; order_id: string; signer: string; created_at: number };
  wallet_signers: { funder: string; signer: string; created_at: number };
}

export class SignedOrderStore {
  private readonly db: Kysely<SignedTables>;
  private readonly links = new Set<string>();
  /** Hashes being placed right now: a concurrent copy of the same order is a replay too. */
  private readonly inFlight = new Set<string>();

  constructor(db: Kysely<any>) { this.db = db as Kysely<SignedTables>; }

  async load(): Promise<void> {
    for (const r of await this.db.selectFrom('wallet_signers').select(['funder', 'signer']).execute()) this.links.add(`${r.funder}/${r.signer}`);
  }

  isLinked(funder: string, signer: string): boolean { return this.links.has(`${funder}/${signer}`); }

  /** Links a signer to a funder wallet (idempotent); answers whether the link is new. */
  async link(funder: string, signer: string, now: number): Promise<boolean> {
    const f = funder.toLowerCase();
    const s = signer.toLowerCase();
    if (this.links.has(`${f}/${s}`)) return false;
    await this.db.insertInto('wallet_signers').values({ funder: f, signer: s, created_at: now })
      .onConflict((oc) => oc.columns(['funder', 'signer']).doNothing()).execute();
    this.links.add(`${f}/${s}`);
    return true;
  }

  signersOf(funder: string): string[] {
    const f = `${funder.toLowerCase()}/`;
    return [...this.links].filter((k) => k.startsWith(f)).map((k) => k.slice(f.length));
  }

  /**
   * Claims a hash for placement, durably, before the order goes to the exchange: false when it
   * was claimed before (an accepted order, or one being placed now). The claim is written first
   * so that no crash can let a signed order be accepted twice: a crash between the claim and
   * the exchange's answer leaves a claim without an order (`order_id` empty), and that signed
   * order is then refused as a replay — the safe side; a refused order's claim is removed.
   */
  async claim(hash: string, signer: string, now: number): Promise<boolean> {
    if (this.inFlight.has(hash)) return false;
    this.inFlight.add(hash);
    try {
      const row = await this.db.insertInto('signed_orders').values({ hash, order_id: '', signer: signer.toLowerCase(), created_at: now })
        .onConflict((oc) => oc.column('hash').doNothing()).returning('hash').executeTakeFirst();
      if (row === undefined) { this.inFlight.delete(hash); return false; }
      return true;
    } catch (err) {
      this.inFlight.delete(hash);
      throw err;
    }
  }

  /** Ends a claim: an accepted order's hash is kept for good with its order id; a refused one's claim is removed. */
  async settle(hash: string, orderId: string | null): Promise<void> {
    try {
      if (orderId !== null) await this.db.updateTable('signed_orders').set({ order_id: orderId }).where('hash', '=', hash).execute();
      else await this.db.deleteFrom('signed_orders').where('hash', '=', hash).where('order_id', '=', '').execute();
    } finally {
      this.inFlight.delete(hash);
    }
  }
}
