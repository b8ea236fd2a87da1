/**
 * Reads typed fields of one coins-file entry, collecting every problem as a `CoinConfigIssue`
 * instead of stopping at the first, so one report names all of an entry's faults. A getter
 * returns `undefined` for an absent field (or `null`, as KDF's `as_u64()` treats it) and for a
 * wrong one; callers apply KDF's defaults with `??`.
 */
import type { CoinConfigIssue } from './types';
import { isRecord } from '../../../shared/guards';

/** The offending value as JSON, shortened so a huge object cannot flood the report. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export class EntryReader {
  constructor(
    readonly ticker: string,
    readonly obj: Record<string, unknown>,
    readonly issues: CoinConfigIssue[] = [],
    private readonly path = '',
  ) {}

  field(name: string): string {
    return this.path ? `${this.path}.${name}` : name;
  }

  report(name: string, message: string): void {
    this.issues.push({ ticker: this.ticker, field: this.field(name), message });
  }

  has(name: string): boolean {
    return this.obj[name] !== undefined && this.obj[name] !== null;
  }

  /** Reports a required field that is absent; true when it is there. */
  present(name: string, hint?: string): boolean {
    if (this.has(name)) return true;
    this.report(name, hint === undefined ? 'missing' : `missing; ${hint}`);
    return false;
  }

  /** A nested object (`protocol`, `protocol_data`) read with the same issue list. */
  child(name: string, required: boolean): EntryReader | undefined {
    if (required ? !this.present(name, 'expected an object') : !this.has(name)) return undefined;
    const value = this.obj[name];
    if (!isRecord(value)) return this.wrong(name, 'an object');
    return new EntryReader(this.ticker, value, this.issues, this.field(name));
  }

  int(name: string, min: number, max: number): number | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    return this.wrong(name, `an integer ${min}..${max}`);
  }

  /** A non-negative amount in base units, kept exact as a bigint. */
  amount(name: string): bigint | undefined {
    const v = this.int(name, 0, Number.MAX_SAFE_INTEGER);
    return v === undefined ? undefined : BigInt(v);
  }

  /** A finite number, fractions allowed (`avg_blocktime: 2.4`). */
  number(name: string, min: number): number | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    if (typeof v === 'number' && Number.isFinite(v) && v >= min) return v;
    return this.wrong(name, `a number >= ${min}`);
  }

  bool(name: string): boolean | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    return typeof v === 'boolean' ? v : this.wrong(name, 'true or false');
  }

  /** KDF's numeric flags (`mm2`, `overwintered`, `isPoS`): 1 is on, 0 is off. */
  flag(name: string): boolean | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    return v === 0 || v === 1 ? v === 1 : this.wrong(name, '0 or 1');
  }

  /** A non-empty string, optionally matching `pattern` (described by `expected`). */
  string(name: string, pattern?: RegExp, expected = 'a non-empty string'): string | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    if (typeof v === 'string' && v !== '' && (!pattern || pattern.test(v))) return v;
    return this.wrong(name, expected);
  }

  /** One of a fixed set of strings. */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    if (!this.has(name)) return undefined;
    const v = this.obj[name];
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    return this.wrong(name, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  }

  private wrong(name: string, expected: string): undefined {
    this.report(name, `expected ${expected}, found ${shown(this.obj[name])}`);
    return undefined;
  }
}
