/**
 * A JSON value's shape: every key with the type of its value; an array by the union of its elements' shapes.
 * Keys in `sampled` hold measured samples whose inner shape follows the data (a disk idle for a second
 * has no wait time): they are shaped as 'sampled' when present, so only their presence is compared. Keys in
 * `optional` are left out: whether they are there follows the run's timing (a fio test too short for two samples
 * has no spread).
 */
export function shapeOf(
  value: unknown,
  sampled: ReadonlySet<string> = new Set(),
  optional: ReadonlySet<string> = new Set(),
): unknown {
  if (Array.isArray(value)) {
    const shapes = new Map(
      value.map((item) => [JSON.stringify(shapeOf(item, sampled, optional)), shapeOf(item, sampled, optional)]),
    );
    return [...shapes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, shape]) => shape);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !optional.has(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, sampled.has(key) ? 'sampled' : shapeOf(inner, sampled, optional)]),
    );
  }
  return value === null ? 'null' : typeof value;
}
