/**
 * Hostile inputs for the route fuzz test (test/edge/fuzz.test.ts), and a digest of every table
 * of the store so the test can prove that nothing it sent changed stored data.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../src/store/db.js';

/** Values for query and path parameters. */
export const HOSTILE_VALUES: string[] = [
  '', ' ', '-1', '-0', '0', '1.5', '1e309', '-1e309', '9'.repeat(400), '18446744073709551616', 'NaN', 'Infinity', '-Infinity',
  '0x', '0xZZ', 'null', 'undefined', 'true', 'false', '[]', '{}', '[1,2]', "' OR '1'='1", '"; DROP TABLE markets; --',
  "1; SELECT pg_sleep(1) --", '%', '%zz', '%00', '\u0000', '\u202e\u0646', '😀'.repeat(40), 'Z̷̛a̵l̸g̶o', 'a'.repeat(5000),
  '../../etc/passwd', '<script>alert(1)</script>', 'MA==', 'LTE=', '!!!!', 'Zm9v', '-MQ==', '__proto__', 'constructor',
  '*', '\\', 'a,b,,c', ',,,',
];

function deep(n: number): string {
  return '['.repeat(n) + ']'.repeat(n);
}

/** Raw bodies (with their content types) for routes that take one. */
export const HOSTILE_BODIES: { payload: string; type?: string }[] = [
  { payload: '' }, { payload: '{' }, { payload: 'null' }, { payload: '[]' }, { payload: '{}' }, { payload: '"text"' },
  { payload: '1e309' }, { payload: '-1' }, { payload: 'true' }, { payload: deep(5000) },
  { payload: JSON.stringify({ a: JSON.parse(deep(200)) }) },
  { payload: JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))) },
  { payload: '{"__proto__":{"admin":true}}' }, { payload: '{"constructor":{"prototype":{"admin":true}}}' },
  { payload: JSON.stringify({ amount: '1e309', winner: -1, mode: "' OR 1=1 --", heartbeat_id: 'x'.repeat(10_000) }) },
  { payload: JSON.stringify({ amount: 12, winner: 'yes', payouts: [NaN], slug: 123, markets: 'x', title: ['a'] }) },
  { payload: JSON.stringify([{ token_id: "'; DROP TABLE books; --" }, { token_id: 42 }, null]) },
  { payload: JSON.stringify({ s: '😀\u0000\u202e'.repeat(300) }) },
  { payload: '{"a":1,"a":2}' },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'application/xml' },
  { payload: '{"a":1}', type: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', type: 'text/plain' },
  { payload: '\u00ff\u00fe{bad', type: 'application/json' },
];

/** Auth headers with garbage values, under both accepted prefixes. */
export const HOSTILE_HEADERS: Record<string, string>[] = [
  { svc_api_key: "' OR 1=1 --", svc_passphrase: 'x', svc_signature: '%%%', svc_timestamp: 'NaN', svc_address: '0x' + 'z'.repeat(40) },
  { poly_api_key: '00000000-0000-0000-0000-000000000000', poly_passphrase: 'f'.repeat(64), poly_signature: 'A'.repeat(5000),
    poly_timestamp: '99999999999999999999', poly_address: '0x0000000000000000000000000000000000000000', poly_nonce: '-1' },
  { authorization: 'Bearer ' + 'x'.repeat(300) }, { authorization: 'Basic Zm9vOmJhcg==' },
];

function stable(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/** sha256 of every table's rows (order-independent), by table name. */
export async function digestTables(store: Store): Promise<Map<string, string>> {
  const tables = await store.db.introspection.getTables();
  const out = new Map<string, string>();
  for (const t of tables) {
    if (t.isView) continue;
    const rows = await (store.db as unknown as { selectFrom(n: string): { selectAll(): { execute(): Promise<unknown[]> } } })
      .selectFrom(t.schema && t.schema !== 'public' ? `${t.schema}.${t.name}` : t.name).selectAll().execute();
    const lines = rows.map(stable).sort();
    out.set(t.name, createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  return out;
}
