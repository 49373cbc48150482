/**
 * ExchangeStamps (src/dataapi/stamps.ts), the data API's versions told by the exchange's event
 * sequence, on a scripted feed: a wallet's stamp moves when a command changes it in memory and
 * again at the commits of the two batches it can be in; other wallets keep theirs; a rebuild
 * moves all; on a cluster follower (no `applied`: batches are told once its core holds them)
 * every told batch moves every stamp and the committed seq.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ExchangeStamps, type ExchangeFeed } from '../../src/dataapi/stamps.js';
import type { CommittedBatch, ExchangeListener } from '../../src/exchange/events.js';
import type { Effects, ExchangeCore } from '../../src/core/index.js';
import type { PositionRow } from '../../src/ledger/types.js';

const W1 = '0x1111111111111111111111111111111111111111';
const W2 = '0x2222222222222222222222222222222222222222';

function feed(follower = false) {
  let listener!: ExchangeListener;
  const f = {
    core: undefined as unknown as ExchangeCore, coreGeneration: 0, isFollower: follower,
    subscribe(l: ExchangeListener) { listener = l; return () => {}; },
  } satisfies ExchangeFeed;
  const stamps = new ExchangeStamps(f);
  const effects = (wallet: string): Effects => ({
    markets: [], orders: [], trades: [], ledger: [], activity: [], positions: [{ wallet } as PositionRow],
  });
  const batch = (seq: number) => ({ seq, generation: 0, at: 0, firstOrderSeq: 0, orders: [], trades: [], markets: [], books: [] }) as CommittedBatch;
  return {
    f, stamps,
    apply: (wallet: string) => listener.applied!(effects(wallet)),
    commit: (seq: number) => listener.committed!(batch(seq)),
    rebuild: () => { f.coreGeneration++; listener.rebuilt!(f.coreGeneration); },
  };
}

describe('ExchangeStamps', () => {
  it('moves a wallet\'s stamp when it is applied and at the next two commits, and no other wallet\'s', () => {
    const { stamps, apply, commit } = feed();
    const other = stamps.wallet(W2);
    const s0 = stamps.wallet(W1);
    apply(W1);
    const s1 = stamps.wallet(W1);
    assert.notEqual(s1, s0);
    commit(1); // W1's command may be in batch 1 ...
    const s2 = stamps.wallet(W1);
    assert.notEqual(s2, s1);
    commit(2); // ... or in batch 2 (sealed only after batch 1 was written)
    const s3 = stamps.wallet(W1);
    assert.notEqual(s3, s2);
    commit(3);
    assert.equal(stamps.wallet(W1), s3, 'settled: later batches leave it');
    assert.equal(stamps.wallet(W2), other);
    assert.equal(stamps.committedSeq, 3);
  });

  it('moves every stamp on a rebuild, with the generation', () => {
    const { stamps, rebuild } = feed();
    const [a, b, m, g] = [stamps.wallet(W1), stamps.wallet(W2), stamps.marketRows, stamps.generation];
    rebuild();
    assert.notEqual(stamps.wallet(W1), a);
    assert.notEqual(stamps.wallet(W2), b);
    assert.notEqual(stamps.marketRows, m);
    assert.notEqual(stamps.generation, g);
  });

  it('on a follower, every told batch moves every stamp and the committed seq', () => {
    const { stamps, commit } = feed(true);
    const [a, m] = [stamps.wallet(W1), stamps.marketRows];
    commit(41);
    assert.notEqual(stamps.wallet(W1), a);
    assert.notEqual(stamps.marketRows, m);
    assert.equal(stamps.committedSeq, 41);
  });
});
