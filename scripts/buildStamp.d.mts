export function inputsDigest(root?: string): string;
export function buildIsCurrent(digest: string, root?: string): boolean;
export function recordBuild(digest: string, root?: string): void;
