/**
 * Builds a platform port from family objects (campaigns, bidding, Performance Max, ...): the port's
 * methods are the families' own methods, bound to their family, so an adapter never forwards a call
 * one line at a time. The caller states the port it builds (`const port: SearchAdsPort =
 * composePort(...)`), and the compiler checks that the families together offer all of it.
 *
 * A method offered by two families is a mistake (which one would answer?): composing refuses it.
 * Members whose names start with `_` and the families' non-function fields stay private to them.
 */
export function composePort<Families extends object[]>(...families: Families): UnionToIntersection<Families[number]> {
  const port: Record<string, unknown> = {};
  const owner = new Map<string, number>();
  families.forEach((family, index) => {
    for (const name of methodNames(family)) {
      if (owner.has(name)) throw new Error(`composePort: ${name} is offered by two families (${owner.get(name)} and ${index})`);
      owner.set(name, index);
      const method = (family as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      port[name] = method.bind(family);
    }
  });
  return port as UnionToIntersection<Families[number]>;
}

/** The public methods of an object: its own function fields and those of its class chain (not Object's). */
function methodNames(object: object): string[] {
  const names = new Set<string>();
  for (const [name, value] of Object.entries(object)) if (typeof value === 'function' && !name.startsWith('_')) names.add(name);
  for (const name of classMethodNames(Object.getPrototypeOf(object) as object | null)) names.add(name);
  return [...names];
}

/** The public methods of a class chain, found once per class: a port is composed for every tool run. */
const classMethods = new WeakMap<object, readonly string[]>();

function classMethodNames(prototype: object | null): readonly string[] {
  if (!prototype || prototype === Object.prototype) return [];
  let names = classMethods.get(prototype);
  if (!names) {
    const found = new Set<string>();
    for (let proto: object | null = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor' || name.startsWith('_')) continue;
        const descriptor = Object.getOwnPropertyDescriptor(proto, name);
        if (descriptor && typeof descriptor.value === 'function') found.add(name);
      }
    }
    names = [...found];
    classMethods.set(prototype, names);
  }
  return names;
}

/** `A | B | C` → `A & B & C`. */
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
