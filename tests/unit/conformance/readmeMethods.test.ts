/**
 * The README's "Methods so far" paragraph names exactly the methods of the node's table: a method
 * added without a word in the README, or a README name the node does not serve, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHOD_TABLE } from '../../../src/shared/methods';

const README = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
const START = '- Methods so far:';
const END = 'Others answer `NoSuchMethod`';

/** A backticked method name: `a_b`, `ns::op`, with `{x,y}` alternatives or a `*` in its last part. */
const METHOD_TOKEN = /^[a-z][a-z0-9_]*(::([a-z0-9_]+|\{[a-z0-9_,]+\}|\*))*$/;

/** The paragraph's method names, `{init,status}` alternatives expanded; `*` kept for the aliases' check. */
function readmeMethodNames(readme: string): string[] {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END, from);
  if (from < 0 || to < 0) throw new Error(`README has no paragraph from "${START}" to "${END}"`);
  const tokens = [...readme.slice(from, to).matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((t) => METHOD_TOKEN.test(t));
  return tokens.flatMap((token) => {
    const alternatives = /\{([^}]+)\}$/.exec(token);
    return alternatives ? alternatives[1]!.split(',').map((alt) => token.replace(/\{[^}]+\}$/, alt)) : [token];
  });
}

describe("the README's method list", () => {
  const named = readmeMethodNames(README);
  const aliases = METHOD_TABLE.flatMap((spec) => spec.aliases ?? []);

  it('names every method of METHOD_TABLE', () => {
    expect(METHOD_TABLE.map((spec) => spec.name).filter((name) => !named.includes(name))).toEqual([]);
  });

  it('names nothing else (a wildcard only over aliases; request keys are written `key: value`)', () => {
    const canonical = new Set<string>(METHOD_TABLE.map((spec) => spec.name));
    const unknown = named.filter((name) =>
      name.endsWith('::*') ? !aliases.some((alias) => alias.startsWith(name.slice(0, -1))) : !canonical.has(name) && !aliases.includes(name),
    );
    expect(unknown).toEqual([]);
  });

  it('reads names, alternatives and wildcards, and leaves error types and request keys out', () => {
    const sample = `${START} \`version\`, \`task::x::{init,status}\` (also as \`task::y::*\`), answers \`NotEnabled\`, \`tx_history: true\`. ${END}`;
    expect(readmeMethodNames(sample)).toEqual(['version', 'task::x::init', 'task::x::status', 'task::y::*']);
  });
});
