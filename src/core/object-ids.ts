// Numbers naming objects: keys built from the objects a call names (buffers, ops, values) without
// holding on to them.

/** A function giving each object a number of its own, the same one for as long as the object lives. */
export function objectIds<T extends object>(): (object: T) => number {
  const ids = new WeakMap<T, number>();
  let next = 0;
  return (object) => {
    let id = ids.get(object);
    if (id === undefined) ids.set(object, (id = next++));
    return id;
  };
}
