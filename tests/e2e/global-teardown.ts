/** Stops the devnet global-setup.ts started (bounded: its processes get SIGKILL after a grace). */
const STOP_TIMEOUT_MS = 30_000;

export default async function globalTeardown(): Promise<void> {
  const devnet = globalThis.__e2eDevnet;
  if (!devnet) return;
  globalThis.__e2eDevnet = undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`e2e global teardown: the devnet did not stop within ${STOP_TIMEOUT_MS / 1000} s`);
      resolve();
    }, STOP_TIMEOUT_MS);
  });
  try {
    await Promise.race([devnet.stop(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
