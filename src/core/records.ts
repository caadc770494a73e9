// Objects that names from files index. A plain object answers `constructor`, `toString` and
// `__proto__` from Object.prototype, so a model naming a value or an op so would find a function.

/** `entries` as a lookup table without a prototype: only its own keys are found. */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** `record[key]` when it is the record's own property (a caller's plain object, say), else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
