/**
 * Pieces of the data API's query schemas (the routes declare the schemas; the services take
 * their parameter types from them with `Static<>`): string enums (one `enum` keyword, so a wrong
 * value reads "must be one of: …"), the sort direction and the wallet parameter.
 */
import { Type } from 'typebox';

/** A string parameter taking one of `values`. */
export function oneOf<const T extends readonly string[]>(values: T, opts: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });
}

export const Direction = oneOf(['ASC', 'DESC'] as const, { description: 'sort direction (default DESC)', default: 'DESC' });

export const WalletParam = Type.String({ description: 'wallet address, any case (answered EIP-55 checksummed)' });
