/**
 * What the core works out from an object it is given (the search index of a lexicon version) is kept with that
 * object, not in module state: the service that owns the object (app/services/lexicon.server.ts) owns what is
 * derived from it, and a new lexicon version, a new index, starts with nothing derived.
 */
export type Derivable = { readonly derived: Map<string, unknown> };

export const noneDerived = (): Map<string, unknown> => new Map();

/** `owner`'s part called `name`, made by `make` on first use. */
export function derivedPart<T>(owner: Derivable, name: string, make: () => T): T {
  if (owner.derived.has(name)) return owner.derived.get(name) as T;
  const value = make();
  owner.derived.set(name, value);
  return value;
}
