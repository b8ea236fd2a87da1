/**
 * Compiles the devnet's contracts (devnet/contracts/*.sol) with the bundled solc-js, offline.
 * Loading solc alone takes most of a second and blocks the event loop, so the artifacts are cached
 * in node_modules/.cache/devnet-contracts under a hash of the sources, compiler version and
 * settings; a start with unchanged sources never loads solc.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonFragment } from 'ethers';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONTRACTS_DIR = join(REPO_ROOT, 'devnet', 'contracts');
const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'devnet-contracts');
export const CONTRACT_NAMES = ['EtomicSwap', 'TestToken'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface Artifact {
  abi: JsonFragment[];
  /** Creation bytecode, 0x-prefixed */
  bytecode: string;
}
export type Artifacts = Record<ContractName, Artifact>;

/** Cancun: anvil runs a later hardfork by default, and nothing here needs newer opcodes. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: JsonFragment[]; evm: { bytecode: { object: string } } }>>;
}

export async function compileContracts(): Promise<Artifacts> {
  const sources: Record<string, { content: string }> = {};
  for (const name of CONTRACT_NAMES) sources[`${name}.sol`] = { content: await readFile(join(CONTRACTS_DIR, `${name}.sol`), 'utf8') };
  const { version } = createRequire(import.meta.url)('solc/package.json') as { version: string };
  const key = createHash('sha256').update(JSON.stringify({ version, SETTINGS, sources })).digest('hex');
  const cached = join(CACHE_DIR, `${key}.json`);
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as Artifacts;
  } catch {
    // not compiled yet
  }

  const { default: solc } = await import('solc');
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const artifacts = {} as Artifacts;
  for (const name of CONTRACT_NAMES) {
    const c = output.contracts?.[`${name}.sol`]?.[name];
    if (!c) throw new Error(`solc produced no ${name}`);
    artifacts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  // Written under a private name, then renamed: concurrent starts never read half a file.
  await mkdir(CACHE_DIR, { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(artifacts));
  await rename(tmp, cached);
  return artifacts;
}
