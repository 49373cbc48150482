/**
 * Reset on PostgreSQL (reset.ts does it on the embedded store): the template's rows (an
 * embedded database, read-only) replace every venue table in ONE transaction on one connection,
 * so readers on other connections see the old venue until the commit and the new one after.
 * Tables are emptied children first and filled parents first (their foreign keys, read from the
 * catalog); rows keep their ids and every serial sequence moves past them. Triggers fire as for
 * any write (kept answers' versions move); the event sequence only grows, as on SQLite.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { DEMO_MARKER, KEPT_TABLES } from './reset.js';

const CHUNK = 500;

async function tablesInOrder(db: Kysely<any>, names: string[]): Promise<string[]> {
  const fks = (await sql<{ child: string; parent: string }>`
    select tc.table_name as child, ccu.table_name as parent
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db)).rows;
  const order: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (order.includes(t) || path.has(t)) return;
    path.add(t);
    for (const f of fks) if (f.child === t && f.parent !== t && names.includes(f.parent)) visit(f.parent, path);
    order.push(t);
  };
  for (const t of [...names].sort()) visit(t, new Set());
  return order; // parents before children
}

export async function replaceOnPostgres(db: Kysely<any>, template: string, demo: number | null): Promise<string[]> {
  const src = new SqliteDatabase(template, { readonly: true });
  try {
    const virtual = (src.prepare("select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'").all() as Array<{ name: string }>).map((r) => r.name);
    const inTemplate = (src.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((r) => r.name)
      .filter((n) => !KEPT_TABLES.has(n) && !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
    const mine = new Set((await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map((r) => r.t));
    const tables = await tablesInOrder(db, inTemplate.filter((t) => mine.has(t)));
    await db.transaction().execute(async (trx) => {
      const oldBatch = Number((await sql<{ s: string }>`select coalesce(max(batch_seq), 0) as s from exchange_state`.execute(trx)).rows[0]!.s);
      const oldBooks = Number((await sql<{ s: string }>`select coalesce(max(seq), 0) as s from books`.execute(trx)).rows[0]!.s);
      for (const t of [...tables].reverse()) await sql`delete from ${sql.table(t)}`.execute(trx);
      for (const t of tables) {
        const cols = (await sql<{ c: string; type: string }>`select column_name as c, data_type as type from information_schema.columns
          where table_schema = current_schema() and table_name = ${t}`.execute(trx)).rows;
        const have = new Set((src.prepare('select name from pragma_table_info(?)').all(t) as Array<{ name: string }>).map((r) => r.name));
        const use = cols.filter((c) => have.has(c.c));
        const boolean = new Set(use.filter((c) => c.type === 'boolean').map((c) => c.c));
        const rows = src.prepare(`select ${use.map((c) => `"${c.c}"`).join(', ')} from "${t}"`).all() as Array<Record<string, unknown>>;
        const per = Math.max(1, Math.min(CHUNK, Math.floor(60_000 / Math.max(1, use.length))));
        for (let i = 0; i < rows.length; i += per) {
          const chunk = rows.slice(i, i + per).map((r) => {
            for (const b of boolean) if (r[b] !== null) r[b] = r[b] === 1;
            return r;
          });
          await trx.insertInto(t).values(chunk).execute();
        }
        for (const c of use) {
          const seq = (await sql<{ s: string | null }>`select pg_get_serial_sequence(${t}, ${c.c}) as s`.execute(trx)).rows[0]!.s;
          if (seq !== null) await sql`select setval(${seq}::regclass, greatest((select coalesce(max(${sql.ref(c.c)}), 0) from ${sql.table(t)}), 1))`.execute(trx);
        }
      }
      const next = Math.max(oldBatch, oldBooks) + 1;
      await sql`insert into exchange_state (id, seq, deposited, withdrawn, taker_matched, maker_matched, batch_seq) values (1, 0, 0, 0, 0, 0, ${next})
        on conflict (id) do update set batch_seq = excluded.batch_seq`.execute(trx);
      await sql`update books set seq = ${next}`.execute(trx);
      if (demo !== null) await sql`insert into settings (key, value) values (${DEMO_MARKER}, ${String(demo)}) on conflict (key) do update set value = excluded.value`.execute(trx);
      else await sql`delete from settings where key = ${DEMO_MARKER}`.execute(trx);
    });
    return tables;
  } finally {
    src.close();
  }
}
