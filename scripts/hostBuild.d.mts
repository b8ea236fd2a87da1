export const HOST_DIR: string;
export const HOST_MAIN: string;
export function ensureHostBuild(root?: string): Promise<boolean>;
