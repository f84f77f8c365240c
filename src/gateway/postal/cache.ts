/*
 * Answers of 1917-1/1917-2 depend only on the data set, which changes only by an import: a small
 * LRU of pages, emptied whenever the data set's version (postal_meta.imported_at, read on every
 * call; one indexed single-row read) differs from the one the entries were computed under. An
 * import by another process (the admin command, another gateway) is therefore seen at once.
 */

export class VersionedLru<V> {
  readonly #entries = new Map<string, V>();
  #version: number | undefined;

  constructor(readonly max: number) {}

  /** Adopts the data version just read; entries of another version are dropped. */
  sync(version: number | undefined): void {
    if (version === this.#version) return;
    this.#entries.clear();
    this.#version = version;
  }

  get(key: string): V | undefined {
    const v = this.#entries.get(key);
    if (v !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as recently used
      this.#entries.delete(key);
      this.#entries.set(key, v);
    }
    return v;
  }

  /**
   * Keeps `value`, computed from data of `version`, unless the cache has moved to another version
   * meanwhile (an import committed between the version read and the lookup).
   */
  set(key: string, value: V, version: number | undefined): void {
    if (this.max <= 0 || version !== this.#version) return;
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}
