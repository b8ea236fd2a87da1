/**
 * The node's typed error, KDF's `MmError<E>` in TypeScript: `errorType` is the KDF/spec variant
 * name (a literal of `src/shared/contract/errors`), `errorData` its payload (undefined for unit
 * variants), `httpStatus` what the HTTP layer sends, and `frames` where it was raised, for
 * `error_path` / `error_trace`. Only the dispatcher serializes these.
 */
import type { ErrorReason, ErrorType } from '../../shared/contract/errors';
import { errorMessage } from '../../shared/errorChain';

export interface TraceFrame {
  /** Module name without folder or extension, as KDF names its files (`dispatcher`, `lp_coins`). */
  file: string;
  line: number;
}

export interface MmErrorInit<T extends ErrorType = ErrorType> {
  errorType: T;
  message: string;
  errorData?: unknown;
  httpStatus?: number;
  cause?: unknown;
  /** A finer cause than the type tells, for the page only: the worker channel carries it, the JSON never. */
  pageReason?: ErrorReason;
}

export class MmError<T extends ErrorType = ErrorType> extends Error {
  readonly errorType: T;
  readonly errorData: unknown;
  readonly httpStatus: number;
  readonly pageReason: ErrorReason | undefined;

  constructor(init: MmErrorInit<T>) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MmError';
    this.errorType = init.errorType;
    this.errorData = init.errorData;
    this.httpStatus = init.httpStatus ?? 500;
    this.pageReason = init.pageReason;
  }

  /** Our modules on the stack, where the stack names source files (Node, dev server). */
  get frames(): TraceFrame[] {
    return ourFrames(this.stack ?? '');
  }
}

/** Whether `e` is an MmError of one of these types. */
export function isMmError<T extends ErrorType>(e: unknown, ...types: T[]): e is MmError<T> {
  return e instanceof MmError && (types.length === 0 || (types as ErrorType[]).includes(e.errorType));
}

/** Maps a stack of bundled code back to source modules (the browser build uses its source map). */
export type FrameResolver = (stack: string) => Promise<TraceFrame[]>;

/** The error's frames: read from the stack directly, else through the resolver; never throws. */
export async function framesOf(err: MmError, resolve?: FrameResolver): Promise<TraceFrame[]> {
  const direct = err.frames;
  if (direct.length > 0 || !resolve) return direct;
  try {
    return await resolve(err.stack ?? '');
  } catch {
    return [];
  }
}

/** `InternalError` wrapping anything unexpected, keeping the cause but never a stack in the text. */
export function internalError(cause: unknown, errorType: 'InternalError' | 'Internal' = 'InternalError'): MmError {
  if (cause instanceof MmError) return cause;
  const text = errorMessage(cause);
  return new MmError({ errorType, message: text, errorData: text, httpStatus: 500, cause });
}

// V8 frames look like `at fn (file:///work/src/node/rpc/dispatcher.ts:41:12)` or `at /x/y.ts:1:2`.
const FRAME = /(?:\/|\\)(src\/(?:node|shared)\/[^\s():?]+?)\.(?:ts|js)(?:\?[^:)]*)?:(\d+):\d+/;

/** Whether a source path is one of our modules that belongs in a trace. */
export function traceModuleName(sourcePath: string): string | null {
  const m = /(?:^|\/)src\/(?:node|shared)\/(?:.*\/)?([^/]+)\.(?:ts|js)$/.exec(sourcePath.replaceAll('\\', '/'));
  if (!m?.[1] || m[1] === 'errors') return null;
  return m[1];
}

/**
 * Our own modules on the stack, outermost first (KDF orders its trace from the RPC entry point down
 * to the place the error was made). Frames of this file and library code are left out.
 */
export function ourFrames(stack: string): TraceFrame[] {
  const frames: TraceFrame[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line.replaceAll('\\', '/'));
    if (!m || !m[1] || !m[2]) continue;
    const file = traceModuleName(`${m[1]}.ts`);
    if (file) frames.push({ file, line: Number(m[2]) });
  }
  return frames.reverse();
}

/** KDF's `error_path`: module names joined by dots, without repeats in a row. */
export function errorPath(frames: readonly TraceFrame[]): string {
  const names: string[] = [];
  for (const f of frames) if (names[names.length - 1] !== f.file) names.push(f.file);
  return names.join('.');
}

/** KDF's `error_trace`: `file:line]` pairs separated by spaces. */
export function errorTrace(frames: readonly TraceFrame[]): string {
  return frames.map((f) => `${f.file}:${f.line}]`).join(' ');
}
