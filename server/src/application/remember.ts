/**
 * Sets `key` as the most recently used entry of `map` and drops the least recently used ones beyond
 * `limit` (a Map iterates in insertion order): the bounded in-process memories of states, tokens and rows.
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as K);
}
