/**
 * How a demo build reports its progress (the CLI's bars): a type of its own so the loader and the
 * trading simulation it calls both use it without importing each other.
 */

/** Called as a step advances: what it is, how many done, of how many. */
export type OnProgress = (what: string, done: number, total: number) => void;
