import { defineConfig } from 'vitest/config';

/**
 * The swap legs, on a devnet of their own, one file at a time: the failure and cheating files run
 * about 50 nodes between them, and side by side on one seed their orders did not always reach the
 * other side within 90 s (seen in 3 of 6 runs; not yet explained).
 */
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
          fileParallelism: false,
        },
      },
    ],
  },
});
