/**
 * In the browser build the worker is one minified chunk, so stack frames name `worker-<hash>.js:1:<col>`
 * instead of our modules. This resolver fetches the chunk's source map the first time an error is
 * serialized, and maps each frame back to its source module and line for `error_path` /
 * `error_trace`. Nothing is fetched until an error happens.
 */
import { traceModuleName, type FrameResolver, type TraceFrame } from './core/errors';

export interface SourceMapJson {
  version: number;
  sources: string[];
  mappings: string;
}

/** One mapping segment: generated column → source index and 0-based source line. */
type Segment = [genColumn: number, source: number, sourceLine: number];

interface DecodedMap {
  sources: string[];
  /** Per generated line (0-based), segments sorted by column. */
  lines: Segment[][];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes the Base64 VLQ `mappings` of a source map (v3), keeping column, source and line. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let sourceLine = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const segText of lineText.split(',')) {
      if (!segText) continue;
      const fields = decodeVlq(segText);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        sourceLine += fields[2] ?? 0;
        segments.push([column, source, sourceLine]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) throw new Error(`bad VLQ character ${ch}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -Math.floor(value / 2) : Math.floor(value / 2));
    value = 0;
    shift = 0;
  }
  return out;
}

function lookup(map: DecodedMap, line: number, column: number): { source: string; line: number } | null {
  const segments = map.lines[line - 1];
  if (!segments?.length) return null;
  let lo = 0;
  let hi = segments.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((segments[mid]?.[0] ?? 0) <= column - 1) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const seg = segments[found];
  const source = seg && map.sources[seg[1]];
  return seg && source !== undefined ? { source, line: seg[2] + 1 } : null;
}

const STACK_URL = /(\w+:\/\/[^\s()]+?):(\d+):(\d+)\)?\s*$/;

export function sourceMapResolver(fetchMap: (scriptUrl: string) => Promise<SourceMapJson>): FrameResolver {
  const maps = new Map<string, Promise<DecodedMap>>();
  const load = (url: string): Promise<DecodedMap> => {
    let map = maps.get(url);
    if (!map) {
      map = fetchMap(url).then((json) => ({ sources: json.sources, lines: decodeMappings(json.mappings) }));
      maps.set(url, map);
    }
    return map;
  };
  return async (stack) => {
    const frames: TraceFrame[] = [];
    for (const text of stack.split('\n').slice(1)) {
      const m = STACK_URL.exec(text);
      if (!m?.[1]) continue;
      const hit = lookup(await load(m[1]), Number(m[2]), Number(m[3]));
      const file = hit && traceModuleName(hit.source);
      if (hit && file) frames.push({ file, line: hit.line });
    }
    return frames.reverse();
  };
}
