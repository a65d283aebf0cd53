/**
 * The one way the site keeps computed values in an isolate's memory: a named cache with a bound and one eviction
 * rule. When it is full, the least recently used entry goes (a `get` that finds an entry makes it the newest).
 * A cache may also be bounded by weight (e.g. bytes): entries go, oldest use first, until the new one fits.
 * `keepFor(tag)` ties the whole cache to a version (the content version, the UTC day): a new tag empties it.
 *
 * Services own caches; the core takes what it needs as arguments and keeps nothing between calls. Values are
 * shared between requests: callers must not change what they get.
 */
export type CacheLimits<V> = {
  /** The most entries kept. */
  entries: number;
  /** With `weigh`: the most total weight kept (an entry heavier than this is never kept). */
  weight?: number;
  weigh?: (value: V) => number;
};

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  /** The most recently used key, while it is in the cache: a `get` of it again has nothing to reorder. */
  #newest: K | undefined;
  #hasNewest = false;
  #weight = 0;
  #tag: string | undefined;

  /** `name` says what the cache holds (shown by `describe`, for logs and tests). */
  constructor(
    readonly name: string,
    readonly limits: CacheLimits<V>,
  ) {
    if (!(limits.entries >= 1)) throw new Error(`cache "${name}": the entry bound must be at least 1`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry's value (and it becomes the most recently used), or undefined. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    if (this.#hasNewest && this.#newest === key) return value;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    this.#hasNewest = true;
    return value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): V {
    this.delete(key);
    const weight = this.#weighOf(value);
    const { entries, weight: maxWeight } = this.limits;
    if (maxWeight !== undefined && weight > maxWeight) return value;
    while (this.#entries.size >= entries || (maxWeight !== undefined && this.#weight + weight > maxWeight)) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.#entries.set(key, value);
    this.#newest = key;
    this.#hasNewest = true;
    this.#weight += weight;
    return value;
  }

  /** The kept value, or `make()`'s, kept. */
  getOrSet(key: K, make: () => V): V {
    const known = this.get(key);
    return known !== undefined ? known : this.set(key, make());
  }

  delete(key: K): boolean {
    const value = this.#entries.get(key);
    if (value === undefined && !this.#entries.has(key)) return false;
    this.#entries.delete(key);
    if (this.#hasNewest && this.#newest === key) {
      this.#newest = undefined;
      this.#hasNewest = false;
    }
    this.#weight -= this.#weighOf(value as V);
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
    this.#hasNewest = false;
    this.#weight = 0;
  }

  /** Empties the cache when `tag` is not the one its entries were kept under. */
  keepFor(tag: string): this {
    if (this.#tag !== tag) {
      this.clear();
      this.#tag = tag;
    }
    return this;
  }

  describe(): string {
    const { entries, weight } = this.limits;
    return `${this.name}: ${this.#entries.size}/${entries} entries${weight !== undefined ? `, ${this.#weight}/${weight} weight` : ""}`;
  }

  #weighOf(value: V): number {
    return this.limits.weigh ? this.limits.weigh(value) : 0;
  }
}
