/** How the EVM coin's parts write to the node's log (the context's `log`, with the ticker in front). */
export type LogFn = (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;
