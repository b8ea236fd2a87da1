export function buildInfo(): { version: string; datetime: string };
