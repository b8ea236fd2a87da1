// Runs inside the page (plain JS: the bench runner's TypeScript loader would rename functions
// passed to page.evaluate). Times worker cold start to the first answered RPC, then round trips.
window.runWorkerBench = async function runWorkerBench(workerPath, runs, trips) {
  const rpcPassword = 'Bench-Rpc-Pa55!';

  async function coldStart() {
    const t0 = performance.now();
    const worker = new Worker(workerPath, { type: 'module' });
    let next = 1;
    const pending = new Map();
    worker.addEventListener('message', (ev) => {
      const resolve = pending.get(ev.data.id);
      if (resolve) {
        pending.delete(ev.data.id);
        resolve(ev.data.body);
      }
    });
    const ask = (m) =>
      new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        worker.postMessage({ id, ...m });
      });
    // A legacy passphrase: no stored wallet to decrypt, so this times the node, not PBKDF2.
    await ask({ control: { op: 'start', conf: { rpc_password: rpcPassword, passphrase: `bench ${Math.random()}` } } });
    await ask({ body: { method: 'version' } });
    return { ms: performance.now() - t0, worker, ask };
  }

  const starts = [];
  for (let i = 0; i < runs; i++) {
    const s = await coldStart();
    starts.push(s.ms);
    s.worker.terminate();
  }
  const { worker, ask } = await coldStart();
  const t0 = performance.now();
  for (let i = 0; i < trips; i++) await ask({ body: { method: 'version' } });
  const perSecond = trips / ((performance.now() - t0) / 1000);
  worker.terminate();
  starts.sort((a, b) => a - b);
  return { medianStart: starts[Math.floor(starts.length / 2)], perSecond };
};
