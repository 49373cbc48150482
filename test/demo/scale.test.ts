/**
 * The scale generator on a small run: rows consistent with what catalog/write.ts writes
 * (two tokens per market, true reply and reaction counts, complete links), deterministic,
 * identical on SQLite and PostgreSQL, and leaving id sequences usable for later writes.
 */
import { after, before, describe, it } from 'node:test';
import { marketTokenIds } from '../../src/domain/ctf-ids.js';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { marketsFor, seedScale } from '../../src/demo/scale.js';
import { insertComment, insertEvent } from '../../src/catalog/write.js';
import { dumpCatalog, freshStore, type Dump, type FreshStore } from './helpers.js';

type R = Record<string, any>;
const SMALL = { events: 200, marketsPerEvent: 3, comments: 3_000, profiles: 80 } as const;
let reference: Dump | undefined;

it('spreads markets over events with the requested mean', () => {
  for (const [n, m] of [[200, 3], [7, 3], [10, 1], [5, 4]] as const) {
    let total = 0;
    for (let i = 0; i < n; i++) total += marketsFor(i, n, m);
    assert.equal(total, n * m);
  }
});

for (const backend of backends()) {
  describe(`scale catalog (${backend.name})`, { skip: backend.skip }, () => {
    let fresh: FreshStore;
    let dump: Record<string, R[]>;
    before(async () => {
      fresh = await freshStore(backend);
      const counts = await seedScale(fresh.store, SMALL);
      assert.equal(counts.events, 200);
      assert.equal(counts.markets, 600);
      assert.equal(counts.comments, 3_000);
      dump = (await dumpCatalog(fresh.store)) as Record<string, R[]>;
    });
    after(async () => { await fresh?.dispose(); });

    it('writes every market with its two tokens and its event links', () => {
      assert.equal(dump.events!.length, 200);
      assert.equal(dump.markets!.length, 600);
      const tokens = new Map<string, R[]>();
      for (const t of dump.tokens!) tokens.set(t.condition_id, [...(tokens.get(t.condition_id) ?? []), t]);
      const events = new Map(dump.events!.map((e) => [e.id, e]));
      for (const m of dump.markets!) {
        const ts = (tokens.get(m.condition_id) ?? []).sort((a, b) => a.outcome_index - b.outcome_index);
        assert.deepEqual(ts.map((t) => t.token_id), marketTokenIds(m.condition_id, Number(m.neg_risk) === 1), 'the position ids');
        const e = events.get(m.event_id)!;
        assert.equal(m.neg_risk, e.neg_risk);
        assert.equal(m.neg_risk_market_id, e.neg_risk_market_id);
        assert.equal(m.accepting_orders, m.closed ? 0 : 1);
        if (e.closed) assert.equal(m.closed, 1);
      }
      assert.equal(dump.tokens!.length, 1_200);
      for (const e of dump.events!) {
        assert.ok(dump.event_sites!.some((l) => l.event_id === e.id), 'every event is on a site');
        if (e.neg_risk) assert.match(e.neg_risk_market_id, /^0x[0-9a-f]{64}$/);
      }
      assert.ok(dump.event_tags!.length >= 200);
    });

    it('keeps reply and reaction counts true and threads on one parent', () => {
      const byId = new Map(dump.comments!.map((c) => [c.id, c]));
      const replies = new Map<number, number>();
      const reactions = new Map<number, number>();
      for (const c of dump.comments!) if (c.parent_comment_id != null) replies.set(c.parent_comment_id, (replies.get(c.parent_comment_id) ?? 0) + 1);
      for (const r of dump.comment_reactions!) reactions.set(r.comment_id, (reactions.get(r.comment_id) ?? 0) + 1);
      let nested = 0;
      for (const c of dump.comments!) {
        assert.equal(c.reply_count, replies.get(c.id) ?? 0);
        assert.equal(c.reaction_count, reactions.get(c.id) ?? 0);
        if (c.parent_comment_id != null) {
          const p = byId.get(c.parent_comment_id)!;
          nested++;
          assert.equal(c.parent_entity_type, p.parent_entity_type);
          assert.equal(c.parent_entity_id, p.parent_entity_id);
          assert.equal(c.reply_address, p.user_address);
          assert.ok(c.created_at >= p.created_at);
        }
      }
      assert.ok(nested > 300);
    });

    it('is deterministic and the same on every backend', async () => {
      if (!reference) {
        const again = await freshStore(backends()[0]!);
        try {
          await seedScale(again.store, SMALL);
          reference = await dumpCatalog(again.store);
        } finally { await again.dispose(); }
      }
      assert.deepStrictEqual(dump, reference);
    });

    it('leaves the id sequences ready for ordinary writes', async () => {
      const { store } = fresh;
      const ev = await insertEvent(store.db, { slug: 'after-scale', title: 'After scale', markets: [{ question: 'Q?', slug: 'after-scale-q' }] }, 1);
      assert.equal(ev.id, 201);
      assert.equal(ev.markets[0]!.id, 601);
      const c = await insertComment(store.db, { body: 'hi', parentEntityType: 'Event', parentEntityId: ev.id, userAddress: dump.profiles![0]!.address }, 1);
      assert.equal(c, 3_001);
      const n = await sql<{ n: number }>`select count(*) as n from comment_reactions`.execute(store.db);
      assert.equal(Number(n.rows[0]!.n), dump.comment_reactions!.length);
    });
  });
}
