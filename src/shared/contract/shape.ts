/**
 * The type of a JSON value described by a shape of tests/fixtures/kdf-shapes (the language of its
 * README), so each method's answer type is derived from KDF's recorded shape rather than written twice.
 */
import type { DEFS } from './defs';

type Defs = typeof DEFS;

/** num-bigint's serde form of a BigRational: `[[sign, [u32 digits]], [1, [digits]]]`. */
export type Rational = [[-1 | 0 | 1, number[]], [1, number[]]];

interface Leaves {
  any: unknown;
  string: string;
  boolean: boolean;
  null: null;
  uint: number;
  int: number;
  number: number;
  /** BigDecimal in plain decimal notation. */
  decimal: string;
  rational: Rational;
  fraction: { numer: string; denom: string };
  uuid: string;
  hex: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

type ObjectOf<O, P> = Mutable<{ [K in keyof O]: Infer<O[K]> }> & Mutable<{ [K in keyof P]?: Infer<P[K]> }>;

/** The TypeScript type of the values a shape matches. */
export type Infer<S> = S extends keyof Leaves
  ? Leaves[S]
  : S extends { readonly ref: infer N extends keyof Defs }
    ? Infer<Defs[N]>
    : S extends { readonly nullable: infer X }
      ? Infer<X> | null
      : S extends { readonly const: infer C }
        ? C
        : S extends { readonly enum: readonly (infer E)[] }
          ? E
          : S extends { readonly oneOf: readonly (infer X)[] }
            ? Infer<X>
            : S extends { readonly array: infer X }
              ? Infer<X>[]
              : S extends { readonly map: infer X }
                ? Record<string, Infer<X>>
                : S extends { readonly tuple: infer T extends readonly unknown[] }
                  ? { -readonly [K in keyof T]: Infer<T[K]> }
                  : S extends { readonly object: infer O }
                    ? ObjectOf<O, S extends { readonly optional: infer P } ? P : object>
                    : never;
