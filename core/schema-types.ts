/**
 * Type-level checks that an output schema describes exactly a port type: write
 * `const matches: SchemaDescribes<typeof entries, PortType> = true;` and the build fails when a field
 * is added to, removed from or retyped in only one of them (optional fields included).
 */
import type * as v from 'valibot';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type SchemaDescribes<E extends v.ObjectEntries, T> =
  Same<keyof v.InferOutput<v.ObjectSchema<E, undefined>>, keyof T> extends true
    ? Same<v.InferOutput<v.ObjectSchema<E, undefined>>, T>
    : false;
