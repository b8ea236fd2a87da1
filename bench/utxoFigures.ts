/**
 * UTXO figures on the devnet, node core under Node.js: `electrum` activation of the wallet with
 * 1,200 small outputs, how many Electrum round trips it takes, withdraw build-and-sign times, and
 * the longest the event loop stood still during a max withdraw (what other requests would wait).
 * Without the devnet: coin selection (fee-minimising against KDF's smallest first, same wallet,
 * same run) and signing a 650-input legacy transaction against a 0.01 withdraw, with the share of it
 * that is sighash hashing alone (quadratic in the inputs, whatever signs them).
 */
import { readFileSync } from 'node:fs';
import { Transaction } from 'bitcoinjs-lib';
import type { Devnet } from '../devnet/start';
import { parseCoinsConfig } from '../src/node/coins/config';
import { planTx, signTx, p2pkhScript, type TxPlan, type TxPlanRequest, type Unspent } from '../src/node/coins/utxo/tx';
import { planTxSmallestFirst } from '../src/node/coins/utxo/tx/plan';
import { SighashCache } from '../src/node/coins/utxo/tx/sighash';
import { hash160, keyPairFromPrivkey, privkeyFromPassphrase } from '../src/node/crypto';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import { electrumLoadFigures } from './electrumLoadFigures';
import { longestBlockMs } from './eventLoopBlock';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const RUNS = 5;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number): number => Math.round(x * 10) / 10;

export async function utxoFigures(devnet: Devnet): Promise<Figure[]> {
  const many = devnet.info.wallets.many;
  const servers = devnet.info.coins.RLTC1?.servers;
  if (!many || !servers) throw new Error('the devnet has no "many" wallet or RLTC1 servers');

  let framesSent = 0;
  const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
  const open = platform.webSocket;
  platform.webSocket = (url) => {
    const socket = open(url);
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      framesSent++;
      send(data);
    };
    return socket;
  };
  const host = new NodeHost(platform);
  await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: many.passphrase } });
  const rpc = (body: Record<string, unknown>) => host.handleRpc({ ...body, userpass: RPC_PASSWORD });

  const activations: number[] = [];
  let roundTrips = 0;
  let utxoCount = 0;
  for (let i = 0; i < RUNS; i++) {
    framesSent = 0;
    const t0 = performance.now();
    const r = await rpc({ method: 'electrum', coin: 'RLTC1', servers });
    activations.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`activation failed: ${JSON.stringify(r.body)}`);
    roundTrips = framesSent;
    if (i < RUNS - 1) await rpc({ method: 'disable_coin', coin: 'RLTC1' });
  }
  const balance = (await rpc({ method: 'my_balance', coin: 'RLTC1' })).body as { balance: string };
  utxoCount = Math.round(Number(balance.balance) / 0.001);

  const withdrawOnce = async (params: Record<string, unknown>): Promise<string> => {
    const r = await rpc({ mmrpc: '2.0', method: 'withdraw', params: { coin: 'RLTC1', to: devnet.info.wallets.bob?.addresses.RLTC1, ...params } });
    if (r.status !== 200) throw new Error(`withdraw failed: ${JSON.stringify(r.body)}`);
    return ((r.body as { result: { tx_hex: string } }).result).tx_hex;
  };
  const withdraw = async (params: Record<string, unknown>): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await withdrawOnce(params);
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  const small = await withdraw({ amount: '0.01' });
  const max = await withdraw({ max: true });
  const blocks: number[] = [];
  let maxInputs = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await longestBlockMs(() => withdrawOnce({ max: true }));
    blocks.push(ms);
    maxInputs = Transaction.fromHex(result).ins.length;
  }
  await host.stop();
  // Last: it pays the wallet one more output.
  const electrumLoad = await electrumLoadFigures(devnet);
  return [
    { name: `electrum activation, wallet with ${utxoCount} UTXOs (median of ${RUNS})`, value: round(median(activations)), unit: 'ms' },
    { name: 'Electrum round trips during that activation (frames sent, incl. server.version)', value: roundTrips, unit: 'count' },
    { name: `withdraw 0.01 build and sign from ${utxoCount} UTXOs (median of ${RUNS})`, value: round(small), unit: 'ms' },
    {
      name: `withdraw max build and sign from ${utxoCount} UTXOs, the ${maxInputs} largest that fit a standard transaction as inputs (median of ${RUNS})`,
      value: round(max),
      unit: 'ms',
    },
    // The signing target read as whole RPCs: both withdraws through the dispatcher, against the devnet.
    { name: `withdraw max (${maxInputs} P2PKH inputs) ÷ withdraw 0.01, whole withdraw RPCs in the node, same run`, value: round(max / small), unit: 'x' },
    { name: `longest event-loop block during withdraw max from ${utxoCount} UTXOs (median of ${RUNS} runs)`, value: median(blocks), unit: 'ms' },
    ...electrumLoad,
  ];
}

const SAT_PER_LTC = 100_000_000n;

/** 1,200 UTXOs: 1,150 × 0.001 LTC (as the devnet's "many" wallet) and 50 larger, 0.02 to 1 LTC. */
function selectionWallet(): Unspent[] {
  const unspent = (i: number, value: bigint): Unspent => ({ txid: (i + 1).toString(16).padStart(64, '0'), vout: 0, value, height: 1 });
  return [...Array.from({ length: 1150 }, (_, i) => unspent(i, 100_000n)), ...Array.from({ length: 50 }, (_, k) => unspent(1150 + k, 2_000_000n * BigInt(k + 1)))];
}

/**
 * Withdraw build-and-sign (plan, then sign) of 0.01 / 0.5 / 5 LTC from one 1,200-UTXO wallet with
 * the fee-minimising selection and with KDF's smallest first, each the median of RUNS; then a
 * 650-input P2PKH transaction signed, against the 0.01 withdraw of the same run.
 */
export async function coinSelectionFigures(): Promise<Figure[]> {
  const ltc = parseCoinsConfig(JSON.parse(readFileSync('public/coins.json', 'utf8'))).coins.get('LTC');
  if (!ltc?.utxo) throw new Error('public/coins.json has no LTC');
  const key = keyPairFromPrivkey(privkeyFromPassphrase('bench coin selection'));
  const mine = p2pkhScript(hash160(key.publicKey));
  const wallet = selectionWallet();
  const request = (unspents: Unspent[], value: bigint, feePolicy: TxPlanRequest['feePolicy'] = { kind: 'sendExact' }): TxPlanRequest => ({
    unspents,
    outputs: [{ script: p2pkhScript(new Uint8Array(20).fill(7)), value }],
    changeScript: mine,
    inputKind: 'p2pkh',
    feeRate: { kind: 'fixedPerKb', satPerKb: 1000n }, // LTC's txfee
    feePolicy,
    dust: ltc.utxo!.dust,
    ticker: 'LTC',
    decimals: 8,
  });
  const timed = async (build: () => TxPlan): Promise<{ plan: TxPlan; ms: number }> => {
    const times: number[] = [];
    let plan = build();
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      plan = build();
      await signTx(plan, key, ltc, 'p2pkh');
      times.push(performance.now() - t0);
    }
    return { plan, ms: median(times) };
  };

  const figures: Figure[] = [];
  let smallWithdrawMs = 0;
  for (const [text, value] of [['0.01', SAT_PER_LTC / 100n], ['0.5', SAT_PER_LTC / 2n], ['5', 5n * SAT_PER_LTC]] as const) {
    for (const [selection, plan] of [['fee-minimising', planTx], ['smallest first (KDF)', planTxSmallestFirst]] as const) {
      const r = await timed(() => plan(request(wallet, value)));
      if (selection === 'fee-minimising' && text === '0.01') smallWithdrawMs = r.ms;
      const name = `withdraw ${text} from 1,200 UTXOs, ${selection} selection`;
      figures.push(
        { name: `${name}: inputs`, value: r.plan.inputs.length, unit: 'count' },
        { name: `${name}: fee`, value: Number(r.plan.fee), unit: 'sat' },
        { name: `${name}: build and sign (median of ${RUNS})`, value: round(r.ms), unit: 'ms' },
      );
    }
  }
  // 650 inputs, the fee out of the output: what a max withdraw of 650 small UTXOs signs.
  const many = wallet.slice(0, 650);
  const all = many.reduce((a, u) => a + u.value, 0n);
  const maxPlan = planTx(request(many, all, { kind: 'deductFromOutput', index: 0 }));
  const signing: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await signTx(maxPlan, key, ltc, 'p2pkh');
    signing.push(performance.now() - t0);
  }
  const hashing = legacySighashMs(maxPlan, mine);
  figures.push(
    { name: `sign a ${maxPlan.inputs.length}-input P2PKH transaction (median of ${RUNS})`, value: round(median(signing)), unit: 'ms' },
    { name: `signing ${maxPlan.inputs.length} P2PKH inputs / withdraw 0.01 build and sign, same run`, value: round(median(signing) / smallWithdrawMs), unit: 'x' },
    { name: `of which the ${maxPlan.inputs.length} legacy sighashes alone (median of ${RUNS})`, value: round(hashing), unit: 'ms' },
    { name: `${maxPlan.inputs.length} legacy sighashes alone / withdraw 0.01 build and sign, same run`, value: round(hashing / smallWithdrawMs), unit: 'x' },
  );
  return figures;
}

/**
 * The legacy sighashes of `plan`'s inputs alone (median of RUNS): hashing that grows with the
 * square of the input count (n²/2 × 41 bytes) and that no faster ECDSA would take away.
 */
function legacySighashMs(plan: TxPlan, scriptCode: Uint8Array): number {
  const tx = new Transaction();
  for (const u of plan.inputs) tx.addInput(Uint8Array.from(Buffer.from(u.txid, 'hex')).reverse(), u.vout, 0xffffffff);
  for (const o of plan.outputs) tx.addOutput(o.script, o.value);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const cache = new SighashCache(tx, scriptCode);
    for (let i = 0; i < plan.inputs.length; i++) cache.legacy(i);
    times.push(performance.now() - t0);
  }
  return median(times);
}
