/**
 * The dead-man's switch with a short timeout (1 s + 0.5 s buffer): fires `onExpire` once
 * and disarms; a fed switch does not fire; armed sessions survive a restart (overdue ones fire
 * at start, the others resume their countdown); the sweep scales over many sessions.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, type Backend } from '../support/backends.js';
import { createService, type Service } from '../../src/server.js';
import { HeartbeatService } from '../../src/heartbeats/index.js';
import type { Config } from '../../src/config/config.js';
import { l2, newKey, type Creds } from '../auth/helpers.js';

// 1 s (+ 0.5 s buffer): long enough that a loaded 2-core CI machine does not turn a slow request into a missed beat.
const ENV = { SIBYL_HEARTBEAT_TIMEOUT_MS: '1000' };

for (const backend of backends()) {
  describe(`dead-man's switch (${backend.name})`, { skip: backend.skip }, () => {
    let config: Config;
    let dispose: () => Promise<void>;
    let svc: Service;
    const fired: string[] = [];
    // A clock that can be stopped while the service restarts (a restart takes longer than 300 ms on slow machines).
    const clock = {
      offset: 0,
      frozen: undefined as number | undefined,
      now(): number { return this.frozen ?? Date.now() + this.offset; },
      freeze() { this.frozen = this.now(); },
      thaw() { this.offset = this.frozen! - Date.now(); this.frozen = undefined; },
    };
    const start = async () => createService(config, { logger: false, now: () => clock.now(), onHeartbeatExpire: async (a) => { fired.push(a); } });
    const count = (a: string) => fired.filter((x) => x === a).length;
    let creds: Creds;
    let address: string;
    const beat = (id: string | null) => l2(svc.app, creds, address, 'POST', '/v1/heartbeats', JSON.stringify({ heartbeat_id: id }));

    before(async () => {
      ({ config, dispose } = await (backend as Backend).fresh(ENV));
      svc = await start();
      const k = await newKey(svc.app);
      creds = k.creds;
      address = k.account.address;
    });
    after(async () => {
      await svc?.close();
      await dispose?.();
    });

    it('fires once after timeout + buffer, disarms, and re-arms with the next beat', async () => {
      const id = (await beat(null)).json().heartbeat_id;
      await sleep(600);
      assert.equal(count(address), 0);
      await sleep(1400);
      assert.equal(count(address), 1);
      assert.equal(svc.services.heartbeats.inspect(address)?.armed, false);
      await sleep(1000);
      assert.equal(count(address), 1, 'fires once, not repeatedly');
      const dead = await beat(id);
      assert.equal(dead.statusCode, 400);
      assert.deepEqual(dead.json(), { error: 'Invalid Heartbeat ID', heartbeat_id: '' });
      assert.equal((await beat(null)).statusCode, 200);
      await sleep(2200);
      assert.equal(count(address), 2);
    });

    it('does not fire while fed', async () => {
      let id = (await beat(null)).json().heartbeat_id;
      for (let i = 0; i < 6; i++) {
        await sleep(450);
        id = (await beat(id)).json().heartbeat_id;
      }
      assert.equal(count(address), 2);
      await l2(svc.app, creds, address, 'POST', '/heartbeats');
      await sleep(450);
      await l2(svc.app, creds, address, 'POST', '/heartbeats');
      assert.equal(count(address), 2);
      await sleep(2200);
      assert.equal(count(address), 3);
    });

    it('survives a restart: an overdue session fires at start', async () => {
      await beat(null);
      clock.freeze();
      await svc.close();
      clock.frozen! += 2000; // the deadline passes while the service is down
      svc = await start();
      clock.thaw();
      assert.equal(count(address), 4, 'fired during start');
      assert.equal(svc.services.heartbeats.inspect(address)?.armed, false);
    });

    it('survives a restart: a session still in time resumes its countdown and its chain', async () => {
      let id = (await beat(null)).json().heartbeat_id;
      await sleep(30); // a feeding beat, written behind: the flush at close persists it
      id = (await beat(id)).json().heartbeat_id;
      clock.freeze();
      await svc.close();
      svc = await start();
      assert.equal(count(address), 4);
      assert.equal(svc.services.heartbeats.inspect(address)?.armed, true);
      clock.thaw();
      const next = await beat(id);
      assert.equal(next.statusCode, 200, next.body);
      await sleep(2200);
      assert.equal(count(address), 5);
    });

    it('one sweep serves many sessions; each fires exactly once', async () => {
      let t = 1_000_000;
      const expired: string[] = [];
      const hb = new HeartbeatService({ store: svc.store, now: () => t, timeoutMs: 1000, onExpire: async (a) => { expired.push(a); } });
      const addresses = Array.from({ length: 300 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
      await Promise.all(addresses.map((a) => hb.beat(a, null)));
      t += 1000;
      for (const a of addresses.slice(0, 100)) await hb.feed(a); // fed at t = +1000
      t += 600;
      await hb.sweep();
      assert.equal(expired.length, 200);
      t += 1000;
      await hb.sweep();
      assert.equal(expired.length, 300);
      assert.equal(new Set(expired).size, 300);
      t += 5000;
      await hb.sweep();
      assert.equal(expired.length, 300);
      await hb.stop();
    });
  });
}
