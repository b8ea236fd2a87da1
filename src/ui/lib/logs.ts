/** The node's log lines kept for the page (a bounded ring; newest last). */
import type { LogEventData } from '../../shared/wire';

export interface LogLine extends LogEventData {
  seq: number;
}

export const MAX_LOG_LINES = 300;

let seq = 0;

export function appendLog(lines: LogLine[], data: unknown): LogLine[] {
  const d = data as Partial<LogEventData> | null;
  const level: LogEventData['level'] =
    d?.level === 'debug' || d?.level === 'warn' || d?.level === 'error' ? d.level : 'info';
  const line = typeof d?.line === 'string' ? d.line : JSON.stringify(data);
  const next: LogLine[] = [...lines, { seq: ++seq, level, line }];
  return next.length > MAX_LOG_LINES ? next.slice(next.length - MAX_LOG_LINES) : next;
}
