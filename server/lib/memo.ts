// A per-instance memory of answers for a short time (docs/PERFORMANCE.md): callers asking for one key at the
// same moment share one load, the answer is kept for ttlMs, forget() drops it at once (the writes this
// instance makes call it; other instances see a change within ttlMs). ttlMs 0 = load every time.
export interface Memo<V> {
  /** The answer kept under key, else load()'s (one load for the callers of one moment). */
  get<T extends V>(key: string, load: () => Promise<T>): Promise<T>;
  /** The answer kept under key when it is loaded and still fresh, else undefined: for a caller that must decide
   * at once, without waiting (the hot till's front door, server/plugins/tillFrontDoor.ts). */
  peek(key: string): V | undefined;
  /** Drops one key, or every key. */
  forget(key?: string): void;
  /** Drops the keys starting with this. */
  forgetPrefix(prefix: string): void;
}

const MAX_KEYS = 10_000;

export function memo<V>(ttlMs: number): Memo<V> {
  const kept = new Map<string, { until: number; value: Promise<V>; loaded?: { value: V } }>();
  return {
    get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
      if (kept.size >= MAX_KEYS) kept.clear();
      const value: Promise<V> = load();
      const entry: { until: number; value: Promise<V>; loaded?: { value: V } } = { until: Date.now() + ttlMs, value };
      kept.set(key, entry);
      value.then(
        (loaded) => (entry.loaded = { value: loaded }),
        // A failed load is not remembered.
        () => {
          if (kept.get(key) === entry) kept.delete(key);
        },
      );
      return value as Promise<T>;
    },
    peek(key) {
      const hit = kept.get(key);
      return hit?.loaded && hit.until > Date.now() ? hit.loaded.value : undefined;
    },
    forget(key) {
      if (key === undefined) kept.clear();
      else kept.delete(key);
    },
    forgetPrefix(prefix) {
      for (const key of kept.keys()) if (key.startsWith(prefix)) kept.delete(key);
    },
  };
}
