import { defineConfig } from 'vitest/config';

/** The swap legs wait on lock times and blocks, not on the CPU: they run two files at a time, on a devnet of their own. */
const SWAP_LEGS = 'tests/integration/swaps/**/*.test.ts';

const integration = {
  environment: 'node' as const,
  // One devnet (litecoind ×2, Electrum servers, EVM devnet) per project run; see the file.
  globalSetup: ['tests/integration/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [SWAP_LEGS],
          fileParallelism: false,
        },
      },
      {
        test: {
          ...integration,
          name: 'swaps',
          include: [SWAP_LEGS],
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
