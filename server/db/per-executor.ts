/**
 * What `build` makes of an executor (a database or a transaction), built on its first use
 * and kept while the executor lives (a WeakMap: a transaction's entry goes with it). For
 * drizzle's named prepared queries (`.prepare('name')`), which belong to the executor they
 * were built on: a top-level function taking the executor first builds its query once per
 * database, not on every call.
 */
export function perExecutor<E extends object, T>(build: (executor: E) => T): (executor: E) => T {
  const built = new WeakMap<E, T>();
  return (executor) => {
    let value = built.get(executor);
    if (value === undefined) {
      value = build(executor);
      built.set(executor, value);
    }
    return value;
  };
}
