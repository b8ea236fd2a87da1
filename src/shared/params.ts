import { MmNumber, MmNumberParseError } from './number';
import { isRecord } from './guards';

/**
 * Typed readers for request arguments. Every wrong or missing field becomes a ParamError naming
 * the field's full path (`servers[0].url`), which the dispatcher answers as `InvalidRequest`.
 */

export class ParamError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    /**
     * What KDF's serde says for the same mistake, where that differs from `reason`: serde names a
     * missing field by its own key (`missing field \`coin\``), not by its path. The RPC answers it.
     */
    readonly serdeText = reason,
  ) {
    super(reason);
    this.name = 'ParamError';
  }
}

export function jsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'floating point';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

/** `invalid type for \`servers[0].url\`: integer, expected a string` (serde's wording, plus the field). */
export function wrongType(field: string, value: unknown, expected: string): ParamError {
  return new ParamError(field, `invalid type for \`${field}\`: ${jsonTypeName(value)}, expected ${expected}`);
}

/** Reads fields of one JSON object. `path` prefixes field names in errors. */
export class ParamReader {
  readonly obj: Record<string, unknown>;

  constructor(
    obj: unknown,
    readonly path = '',
  ) {
    if (!isRecord(obj)) throw wrongType(path || 'params', obj, 'an object');
    this.obj = obj;
  }

  field(name: string): string {
    return this.path ? `${this.path}.${name}` : name;
  }

  has(name: string): boolean {
    return this.obj[name] !== undefined && this.obj[name] !== null;
  }

  raw(name: string): unknown {
    return this.obj[name];
  }

  private missing(name: string): never {
    throw new ParamError(this.field(name), `missing field \`${this.field(name)}\``, `missing field \`${name}\``);
  }

  private wrong(name: string, expected: string): never {
    throw wrongType(this.field(name), this.obj[name], expected);
  }

  str(name: string): string {
    if (!this.has(name)) this.missing(name);
    const v = this.obj[name];
    if (typeof v !== 'string') this.wrong(name, 'a string');
    return v;
  }

  optStr(name: string): string | undefined {
    return this.has(name) ? this.str(name) : undefined;
  }

  bool(name: string): boolean {
    if (!this.has(name)) this.missing(name);
    const v = this.obj[name];
    if (typeof v !== 'boolean') this.wrong(name, 'a boolean');
    return v;
  }

  optBool(name: string, fallback: boolean): boolean {
    return this.has(name) ? this.bool(name) : fallback;
  }

  /** A non-negative safe integer (serde's u64/usize). */
  uint(name: string): number {
    if (!this.has(name)) this.missing(name);
    const v = this.obj[name];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) this.wrong(name, 'a non-negative integer');
    return v;
  }

  optUint(name: string): number | undefined {
    return this.has(name) ? this.uint(name) : undefined;
  }

  obj_(name: string): ParamReader {
    if (!this.has(name)) this.missing(name);
    if (!isRecord(this.obj[name])) this.wrong(name, 'an object');
    return new ParamReader(this.obj[name], this.field(name));
  }

  optObj(name: string): ParamReader | undefined {
    return this.has(name) ? this.obj_(name) : undefined;
  }

  /** An array, each item read by `item` with its indexed path. */
  arr<T>(name: string, item: (value: unknown, path: string) => T): T[] {
    if (!this.has(name)) this.missing(name);
    const v = this.obj[name];
    if (!Array.isArray(v)) this.wrong(name, 'an array');
    return v.map((x, i) => item(x, `${this.field(name)}[${i}]`));
  }

  optArr<T>(name: string, item: (value: unknown, path: string) => T): T[] | undefined {
    return this.has(name) ? this.arr(name, item) : undefined;
  }

  /** A number in any of KDF's input forms: decimal string or JSON number, rational, fraction. */
  num(name: string): MmNumber {
    if (!this.has(name)) this.missing(name);
    try {
      return MmNumber.parse(this.obj[name]);
    } catch (e) {
      if (e instanceof MmNumberParseError) {
        throw new ParamError(this.field(name), `invalid number for \`${this.field(name)}\`: ${e.message}`);
      }
      throw e;
    }
  }

  optNum(name: string): MmNumber | undefined {
    return this.has(name) ? this.num(name) : undefined;
  }

  /** One of a fixed set of strings. */
  oneOf<T extends string>(name: string, values: readonly T[]): T {
    const v = this.str(name);
    if (!(values as readonly string[]).includes(v)) {
      const expected = values.map((x) => `\`${x}\``).join(', ');
      throw new ParamError(this.field(name), `unknown variant \`${v}\` for \`${this.field(name)}\`, expected one of ${expected}`);
    }
    return v as T;
  }
}

/** Item readers for `ParamReader.arr`. */
export const items = {
  str(value: unknown, path: string): string {
    if (typeof value !== 'string') throw wrongType(path, value, 'a string');
    return value;
  },
  obj(value: unknown, path: string): ParamReader {
    return new ParamReader(value, path);
  },
};
