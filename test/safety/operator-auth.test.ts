/**
 * Wrong operator tokens are limited and logged (issue #39, item 6): failed authentications
 * count against the address's `operator-auth-failures` window (20 a minute); past it every
 * operator request of that address answers 429 with Retry-After — even with the right token,
 * so a right guess is not told apart — while other addresses and right tokens are unaffected
 * (a right token gives its place back). Each failure is logged at warn.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createService } from '../../src/server.js';
import { backends } from '../support/backends.js';

const TOKEN = 'operator-token-0123456789abcdef';
const sqlite = backends()[0]!;

describe('operator authentication under guessing', () => {
  it('counts failures against the rate limits, refuses past them, logs each at warn', async () => {
    const { config, dispose } = await sqlite.fresh({ SIBYL_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' });
    const lines: string[] = [];
    const svc = await createService(config, { logger: true, logStream: { write: (l) => { lines.push(l); } } });
    try {
      const get = (token: string, ip: string) => svc.app.inject({ method: 'GET', url: '/admin/exchange/mode', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 40; i++) assert.equal((await get(TOKEN, '10.0.0.3')).statusCode, 200, 'right tokens are never limited by this rule');
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) codes.push((await get(`guess-${i}`, '10.0.0.1')).statusCode);
      assert.deepEqual(codes.slice(0, 20), Array(20).fill(401));
      assert.deepEqual(codes.slice(20), Array(5).fill(429));
      const blocked = await get(TOKEN, '10.0.0.1');
      assert.equal(blocked.statusCode, 429, 'the right token is not looked at once the address is blocked');
      assert.ok(Number(blocked.headers['retry-after']) > 0);
      assert.equal(blocked.headers['x-error-code'], 'rate_limited');
      assert.equal((await get(TOKEN, '10.0.0.2')).statusCode, 200, 'another address is unaffected');
      const warned = lines.map((l) => JSON.parse(l) as { level: number; msg: string; ip?: string }).filter((l) => l.level === 40 && /operator authentication/.test(l.msg));
      assert.equal(warned.filter((l) => l.msg === 'operator authentication failed').length, 20, lines.slice(-3).join(''));
      assert.ok(warned.every((l) => l.ip === '10.0.0.1'));
      assert.ok(!lines.join('').includes('guess-3'), 'the guessed token is not logged');
    } finally { await svc.close(); await dispose(); }
  });
});
