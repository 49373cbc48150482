/**
 * What places an event in a search's scope (src/catalog/scope.ts) and counts its tags there,
 * by the events index's slots: its creator, the sites that list it, its tags. Typed arrays and
 * slot lists, so that filtering a common word's matches by a scope or counting a tag's events
 * in it costs a few nanoseconds a row.
 */
import type { Scope } from '../scope.js';
import { grown } from './arrays.js';

const NONE: string[] = [];

export class Memberships {
  private creatorOf = new Int32Array(0);
  private readonly listed = new Map<string, Uint8Array>();
  private readonly sitesOf: string[][] = [];
  private readonly tagsOf: number[][] = [];
  private readonly tagged = new Map<number, number[]>();
  /** One string per site id (each event's row brings its own copy). */
  private readonly names = new Map<string, string>();

  /** Records an event's creator (or none), sites and tags, replacing what the slot had. */
  set(slot: number, creator: number | null, sites: string[], tags: number[]): void {
    this.creatorOf = grown(this.creatorOf, slot + 1, (n) => new Int32Array(n).fill(-1));
    this.creatorOf[slot] = creator ?? -1;
    for (const site of this.sitesOf[slot] ?? []) this.listed.get(site)![slot] = 0;
    for (const site of sites) {
      const members = grown(this.listed.get(site) ?? new Uint8Array(0), slot + 1, (n) => new Uint8Array(n));
      members[slot] = 1;
      this.listed.set(site, members);
    }
    this.sitesOf[slot] = sites.length === 0 ? NONE : sites.map((site) => this.names.get(site) ?? (this.names.set(site, site), site));
    for (const tag of this.tagsOf[slot] ?? []) {
      const slots = this.tagged.get(tag)!;
      slots[slots.indexOf(slot)] = slots[slots.length - 1]!;
      slots.pop();
    }
    for (const tag of tags) {
      const slots = this.tagged.get(tag);
      if (slots) slots.push(slot);
      else this.tagged.set(tag, [slot]);
    }
    this.tagsOf[slot] = tags;
  }

  /** Whether an event (by slot) is in the scope. */
  inScope(scope: Scope): (slot: number) => boolean {
    if (scope.kind === 'site') {
      const members = this.listed.get(scope.siteId) ?? new Uint8Array(0);
      return (slot) => members[slot] === 1;
    }
    const creators = new Set(scope.creatorIds);
    const creatorOf = this.creatorOf;
    return (slot) => creators.has(creatorOf[slot]!);
  }

  /** How many of a tag's events are in the scope. */
  countIn(tagId: number, inScope: (slot: number) => boolean): number {
    let n = 0;
    for (const slot of this.tagged.get(tagId) ?? []) if (inScope(slot)) n++;
    return n;
  }
}
