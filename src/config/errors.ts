/**
 * The configuration's error and its one shared reader of bounded integers, in a file of their own
 * so that config.ts and the area files (bots, sandbox, cluster) all import them without a circle.
 */

/** The environment as read: a variable's text, or undefined when unset. */
export type Env = Record<string, string | undefined>;

/** A setting that cannot be used: names the variable, what was given and what is accepted. */
export class ConfigError extends Error {
  constructor(variable: string, given: string, expected: string) {
    super(`invalid configuration: ${variable}=${JSON.stringify(given)}: expected ${expected}`);
    this.name = 'ConfigError';
  }
}

/** An integer setting in [min, max], `def` when unset; anything else stops the start. */
export function intVar(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, raw, `an integer from ${min} to ${max}`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(name, raw, `an integer from ${min} to ${max}`);
  return n;
}
