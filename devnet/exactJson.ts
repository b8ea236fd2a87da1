/**
 * litecoind prints amounts as fixed-point decimals ("1.50000000"). JSON.parse would turn them into
 * binary floats, so this parser keeps every non-integer number as its literal text, and `toSats`
 * converts such a literal to satoshis without any float arithmetic.
 */

const isNumberChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69; // 0-9 - + . e E

/** JSON.parse, except that numbers with a fraction or exponent come back as strings. */
export function parseExactJson(text: string): unknown {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip a string literal, honouring escapes.
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      while (i < text.length && isNumberChar(text.charCodeAt(i))) i++;
      const literal = text.slice(start, i);
      if (/[.eE]/.test(literal)) {
        parts.push(text.slice(copied, start), `"${literal}"`);
        copied = i;
      }
    } else {
      i++;
    }
  }
  parts.push(text.slice(copied));
  return JSON.parse(parts.join(''));
}

/** Converts a daemon amount ("1.5", "0.00100000", or an integer) to satoshis, exactly. */
export function toSats(amount: unknown): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(String(amount));
  if (!m) throw new Error(`not an exact coin amount: ${String(amount)}`);
  const sats = Number(m[2]) * 1e8 + Number((m[3] ?? '').padEnd(8, '0'));
  if (!Number.isSafeInteger(sats)) throw new Error(`amount out of range: ${String(amount)}`);
  return m[1] ? -sats : sats;
}
