import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { decodeMappings, sourceMapResolver, type SourceMapJson } from '../../../src/node/sourceMapFrames';

describe('decodeMappings', () => {
  it('decodes relative VLQ fields across segments and lines', () => {
    // Line 1: col 0 → src 0 line 0; col 4 → src 0 line 1. Line 2: col 2 → src 1 line 1.
    expect(decodeMappings('AAAA,IACA;ECAA')).toEqual([
      [
        [0, 0, 0],
        [4, 0, 1],
      ],
      [[2, 1, 1]],
    ]);
  });

  it('decodes multi-digit and negative values', () => {
    expect(decodeMappings('gBAgBA,DADA')).toEqual([
      [
        [16, 0, 16],
        [15, 0, 15],
      ],
    ]);
  });
});

describe('sourceMapResolver', () => {
  const source = [
    'export function outer(): Error {', // line 1
    '  return inner();', // line 2
    '}', // line 3
    'function inner(): Error {', // line 4
    "  return new Error('MARKER');", // line 5
    '}',
  ].join('\n');
  const built = transformSync(source, {
    loader: 'ts',
    minify: true,
    sourcemap: 'external',
    sourcefile: '../../src/node/rpc/dispatcher.ts',
  });
  const map = JSON.parse(built.map) as SourceMapJson;
  const url = 'http://127.0.0.1:4173/assets/worker-abc.js';

  it('maps minified frames back to our module and source line, outermost first', async () => {
    const markerColumn = built.code.indexOf('new Error') + 1;
    const innerCallColumn = built.code.indexOf('return ') + 1;
    const stack = [
      'Error: MARKER',
      `    at a (${url}:1:${markerColumn})`,
      `    at b (${url}:1:${innerCallColumn})`,
      '    at async Promise.all (index 0)',
    ].join('\n');
    let fetched = 0;
    const resolve = sourceMapResolver(async (u) => {
      expect(u).toBe(url);
      fetched++;
      return map;
    });
    const frames = await resolve(stack);
    expect(frames.map((f) => f.file)).toEqual(['dispatcher', 'dispatcher']);
    expect(frames.at(-1)?.line).toBe(5);
    await resolve(stack);
    expect(fetched).toBe(1);
  });

  it('leaves out frames of sources that are not our modules', async () => {
    const other = { ...map, sources: ['../../node_modules/idb/build/index.js'] };
    const frames = await sourceMapResolver(async () => other)(`Error\n    at x (${url}:1:1)`);
    expect(frames).toEqual([]);
  });
});
