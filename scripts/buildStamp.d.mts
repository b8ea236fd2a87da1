export function inputsDigest(root?: string, inputs?: readonly string[]): string;
export function buildIsCurrent(digest: string, root?: string, stampFile?: string): boolean;
export function recordBuild(digest: string, root?: string, stampFile?: string): void;
