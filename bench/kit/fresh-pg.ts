/** A fresh, empty PostgreSQL database of a bench's own on DATABASE_URL's server (dropped and created again each run). */
import pg from 'pg';

export async function freshPgDatabase(name: string, what: string): Promise<string> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`${what} needs DATABASE_URL (a PostgreSQL server)`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally { await c.end(); }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
