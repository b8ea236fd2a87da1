export const DOMAINS: Record<string, { about: string; methods: string[] }>;
export function renderContract(root?: string): Map<string, string>;
