/** Each installed package whose `engines.node` the given Node version does not satisfy, described. */
export function unsupportedEngines(root?: string, version?: string): string[];
