/**
 * Gamma-shaped records → catalog writes. A record is an event (Gamma `/events` item: nested
 * `markets`, `series`, `tags`) or a market (Gamma `/markets` item, attached to the event named
 * in its `events[0]`, which is created when absent). Natural keys are slugs: an event or market
 * whose slug exists is left as it is, so importing twice changes nothing; an existing event gets
 * only the markets it does not have yet. Token ids are always ours (`<condition_id>:<index>`);
 * a record's `clobTokenIds` is only checked to be JSON. Throws ImportError with a reason.
 */
import { isConditionId } from '../../domain/ids.js';
import { decimalToMicro } from '../amounts.js';
import { insertEvent, insertMarket, upsertSeries, upsertTag, type NewMarket } from '../write.js';
import type { Db } from '../../store/db.js';

export class ImportError extends Error {}

type Rec = Record<string, unknown>;
const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(r: Rec, key: string, required = false): string | undefined {
  const v = r[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw new ImportError(`${key} is required`);
    return undefined;
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw new ImportError(`${key} must be a string`);
  return String(v);
}

function bool(r: Rec, key: string): boolean | undefined {
  const v = r[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new ImportError(`${key} must be a boolean`);
  return v;
}

function date(r: Rec, key: string): number | undefined {
  const v = str(r, key);
  if (v === undefined) return undefined;
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) throw new ImportError(`${key} is not a timestamp: ${v}`);
  return ms;
}

function micro(r: Rec, key: string): number | undefined {
  const v = r[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? Number(v.toFixed(6)) : typeof v === 'string' ? Number(Number(v).toFixed(6)) : NaN;
  const m = Number.isFinite(n) && n >= 0 ? decimalToMicro(n) : undefined;
  if (m === undefined) throw new ImportError(`${key} must be a non-negative number`);
  return m;
}

function jsonList(r: Rec, key: string): string[] | undefined {
  const v = r[key];
  if (v === undefined || v === null) return undefined;
  let list: unknown = v;
  if (typeof v === 'string') {
    try { list = JSON.parse(v); } catch { throw new ImportError(`${key} is not a JSON-encoded array`); }
  }
  if (!Array.isArray(list)) throw new ImportError(`${key} is not an array`);
  return list.map(String);
}

async function tagsOf(db: Db, r: Rec, now: number): Promise<string[]> {
  const tags = r.tags;
  if (tags === undefined || tags === null) return [];
  if (!Array.isArray(tags)) throw new ImportError('tags must be an array');
  const slugs: string[] = [];
  for (const t of tags) {
    if (!isObj(t)) throw new ImportError('tags items must be objects');
    const slug = str(t, 'slug', true)!;
    await upsertTag(db, { slug, label: str(t, 'label') ?? slug, requiresTranslation: bool(t, 'requiresTranslation') }, now);
    slugs.push(slug);
  }
  return [...new Set(slugs)];
}

async function seriesOf(db: Db, r: Rec, now: number): Promise<string[]> {
  const list = r.series;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new ImportError('series must be an array');
  const slugs: string[] = [];
  for (const s of list) {
    if (!isObj(s)) throw new ImportError('series items must be objects');
    const slug = str(s, 'slug', true)!;
    await upsertSeries(db, {
      slug, title: str(s, 'title') ?? slug, ticker: str(s, 'ticker'), seriesType: str(s, 'seriesType'), recurrence: str(s, 'recurrence'),
      image: str(s, 'image'), icon: str(s, 'icon'), active: bool(s, 'active'), closed: bool(s, 'closed'), archived: bool(s, 'archived'),
    }, now);
    slugs.push(slug);
  }
  return [...new Set(slugs)];
}

async function marketOf(db: Db, m: Rec, now: number): Promise<NewMarket> {
  const outcomes = jsonList(m, 'outcomes') ?? ['Yes', 'No'];
  if (outcomes.length !== 2) throw new ImportError('outcomes must name exactly 2 outcomes');
  const sourceIds = jsonList(m, 'clobTokenIds');
  // The source's own token ids (decimal position ids), kept: ctf mode shows them (docs/bots.md).
  const sourceTokenIds = sourceIds?.length === 2 && sourceIds.every((x) => typeof x === 'string' && /^[0-9]{1,78}$/.test(x)) && sourceIds[0] !== sourceIds[1]
    ? sourceIds as [string, string] : undefined;
  const conditionId = str(m, 'conditionId')?.toLowerCase();
  if (conditionId !== undefined && !isConditionId(conditionId)) throw new ImportError(`conditionId is not 0x + 64 hex: ${conditionId}`);
  const questionId = str(m, 'questionID')?.toLowerCase();
  return {
    question: str(m, 'question', true)!, slug: str(m, 'slug', true)!, conditionId,
    questionId: questionId && isConditionId(questionId) ? questionId : undefined,
    description: str(m, 'description'), resolutionSource: str(m, 'resolutionSource'),
    startDate: date(m, 'startDate') ?? null, endDate: date(m, 'endDate') ?? null, image: str(m, 'image'), icon: str(m, 'icon'),
    outcomes: outcomes as [string, string], active: bool(m, 'active'), closed: bool(m, 'closed'), archived: bool(m, 'archived'),
    acceptingOrders: bool(m, 'acceptingOrders'), enableOrderBook: bool(m, 'enableOrderBook'),
    minimumTickSize: micro(m, 'orderPriceMinTickSize'), minimumOrderSize: micro(m, 'orderMinSize'),
    tags: await tagsOf(db, m, now), volume: micro(m, 'volume'), createdAt: date(m, 'createdAt'), updatedAt: date(m, 'updatedAt'),
    ...(sourceTokenIds ? { sourceTokenIds } : {}),
  };
}

export type Outcome = 'created' | 'updated' | 'unchanged';

/** Imports one event record with its markets; `created` / `updated` (markets added) / `unchanged`. */
export async function importEvent(db: Db, r: Rec, now: number): Promise<Outcome> {
  const slug = str(r, 'slug', true)!;
  const rawMarkets = r.markets ?? [];
  if (!Array.isArray(rawMarkets) || !rawMarkets.every(isObj)) throw new ImportError('markets must be an array of objects');
  const existing = await db.selectFrom('events').select('id').where('slug', '=', slug).executeTakeFirst();
  let eventId = existing?.id;
  if (eventId === undefined) {
    eventId = (await insertEvent(db, {
      slug, title: str(r, 'title', true)!, ticker: str(r, 'ticker'), description: str(r, 'description'),
      resolutionSource: str(r, 'resolutionSource'), startDate: date(r, 'startDate') ?? null, creationDate: date(r, 'creationDate'),
      endDate: date(r, 'endDate') ?? null, image: str(r, 'image'), icon: str(r, 'icon'),
      active: bool(r, 'active'), closed: bool(r, 'closed'), archived: bool(r, 'archived'), negRisk: bool(r, 'negRisk'),
      tags: await tagsOf(db, r, now), series: await seriesOf(db, r, now), volume: micro(r, 'volume'), liquidity: micro(r, 'liquidity'),
      createdAt: date(r, 'createdAt'), updatedAt: date(r, 'updatedAt'),
    }, now)).id;
  }
  let added = 0;
  for (const m of rawMarkets as Rec[]) added += await importMarketInto(db, eventId, m, now);
  return existing === undefined ? 'created' : added > 0 ? 'updated' : 'unchanged';
}

async function importMarketInto(db: Db, eventId: number, m: Rec, now: number): Promise<number> {
  const slug = str(m, 'slug', true)!;
  const taken = await db.selectFrom('markets').select('event_id').where('slug', '=', slug).executeTakeFirst();
  if (taken) {
    if (taken.event_id !== eventId) throw new ImportError(`market ${slug} already belongs to another event`);
    return 0;
  }
  const market = await marketOf(db, m, now);
  if (market.conditionId && await db.selectFrom('markets').select('id').where('condition_id', '=', market.conditionId).executeTakeFirst()) {
    throw new ImportError(`conditionId ${market.conditionId} already belongs to another market`);
  }
  await insertMarket(db, eventId, market, now);
  return 1;
}

/** Imports one market record into the event named by its `events[0]` (created when absent). */
export async function importMarket(db: Db, m: Rec, now: number): Promise<Outcome> {
  const events = m.events;
  if (!Array.isArray(events) || !isObj(events[0])) throw new ImportError('a market record needs its event in events[0]');
  const outcome = await importEvent(db, { ...events[0], markets: [] }, now);
  const event = await db.selectFrom('events').select('id').where('slug', '=', str(events[0], 'slug', true)!).executeTakeFirstOrThrow();
  const added = await importMarketInto(db, event.id, m, now);
  return outcome === 'created' ? 'created' : added ? 'updated' : 'unchanged';
}

/** Dispatches on the record's shape: a `question` makes it a market, otherwise an event. */
export async function importRecord(db: Db, r: unknown, now: number): Promise<Outcome> {
  if (!isObj(r)) throw new ImportError('record is not an object');
  return typeof r.question === 'string' ? importMarket(db, r, now) : importEvent(db, r, now);
}
