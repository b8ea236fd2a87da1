/**
 * A watcher host on the devnet serving a KDF taker (RLTC1) whose maker pays in RLTC2. The test plays
 * both KDF sides with the coin-level swap operations: the taker's dex fee (nLockTime now, as KDF's
 * `transaction_preimage` sets it), the maker payment, the taker payment, and the two preimages KDF's
 * `create_maker_payment_spend_preimage` / `create_taker_payment_refund_preimage` make (one input,
 * one output to the taker, fee for KDF's 496-byte spend), then publishes KDF's
 * `SwapWatcherMsg::TakerSwapWatcherMsg` on `swpwtchr/RLTC1` through the devnet's libp2p seed, signed
 * with the taker's HTLC key. The taker then goes away for good:
 * - the maker spends the taker payment (revealing the secret); the watcher, restarted meanwhile,
 *   spends the maker payment to the taker: the taker's RLTC2 balance is the maker payment less the
 *   preimage's fee, to the satoshi;
 * - in a second swap the maker vanishes after paying; once the chain's median time passes the
 *   taker's lock, the watcher broadcasts the taker's refund: the taker's RLTC1 balance is back less
 *   the fee and the refund's fee, to the satoshi.
 */
import { readFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { parseCoinsConfig } from '../../../src/node/coins/config';
import type { HtlcTerms, SwapTx } from '../../../src/node/coins/swapOps';
import { ElectrumClient } from '../../../src/node/coins/utxo/electrum';
import { softwareSigner } from '../../../src/node/coins/utxo/signer';
import { buildHtlcSpend } from '../../../src/node/coins/utxo/swap/htlcSpend';
import { redeemScriptOf } from '../../../src/node/coins/utxo/swap/payment';
import { DEX_FEE_SCRIPT } from '../../../src/node/coins/utxo/swap/takerFee';
import { decodeTx } from '../../../src/node/coins/utxo/swap/txBytes';
import { coinTxFormat, planTx } from '../../../src/node/coins/utxo/tx';
import { HTLC_REFUND_SEQUENCE, HTLC_SPEND_SEQUENCE, htlcRefundScriptSig } from '../../../src/node/coins/utxo/tx/scripts/htlc';
import { UtxoCoin } from '../../../src/node/coins/utxo/utxoCoin';
import { deriveNodeKeys, hash160, hexToBytes, type KeyPair } from '../../../src/node/crypto';
import { NodeHost } from '../../../src/node/nodeHost';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import { encodeWatcherMsg, watcherTopic } from '../../../src/node/swaps/watcher/message';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { meshed, seedAddr } from '../p2p/helpers';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';

/** The swap's lock duration, which the watcher's `payment_locktime` must match (KDF's check). */
const LOCK = 60;
/** KDF's `get_htlc_spend_fee(DEFAULT_SWAP_TX_SPEND_SIZE)`: 496 bytes at RLTC's 1000 sat/kB. */
const PREIMAGE_FEE = 496n;
const PAYMENT = MmNumber.parse('0.5');
const PAYMENT_SAT = 50_000_000n;
const DEX_FEE_SAT = 100_000n;
const unixNow = () => Math.floor(Date.now() / 1000);
const chainOf = (ticker: string): string => devnet().chains.find((c) => c.coins.includes(ticker))!.name;

interface Side {
  key: KeyPair;
  coins: Record<'RLTC1' | 'RLTC2', UtxoCoin>;
}

async function startSide(label: string): Promise<Side> {
  const passphrase = freshPassphrase(label);
  const { coins: configs } = parseCoinsConfig(JSON.parse(readFileSync(devnet().coinsFile, 'utf8')));
  const keys = deriveNodeKeys(passphrase, { enableHd: false });
  const coins = {} as Side['coins'];
  let key: KeyPair | undefined;
  for (const ticker of ['RLTC1', 'RLTC2'] as const) {
    const config = configs.get(ticker)!;
    const electrum = new ElectrumClient({ servers: devnet().coins[ticker]!.servers, clientName: 'itest', socketFactory: nodePlatform({ coinsPath: devnet().coinsFile }).webSocket });
    await electrum.connect();
    key = keys.coinKeyPair(config.derivationPath);
    coins[ticker] = new UtxoCoin({ config, signer: softwareSigner(key), electrum, requiredConfirmations: 1, requiresNotarization: false, emit: () => undefined, now: () => Date.now() });
    await coins[ticker].start();
  }
  return { key: key!, coins };
}

const spendable = async (coin: UtxoCoin): Promise<bigint> => (await coin.balance()).spendable;
const balanceBecomes = (coin: UtxoCoin, expected: bigint, ms = 60_000): Promise<true> =>
  waitFor(`${coin.ticker} balance ${expected}`, async () => ((await spendable(coin)) === expected ? true : undefined), ms);

/** The watcher host: a node with `is_watcher`, KDF's watcher_conf but a 1 s search and no 60 s wait. */
function watcherHost() {
  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  const conf = {
    rpc_password: RPC_PASSWORD,
    passphrase: freshPassphrase('watcher'),
    seednodes: devnet().seednodes,
    payment_locktime: LOCK,
    is_watcher: true,
    watcher_conf: { wait_taker_payment: 0, search_interval: 1 },
  };
  let host = new NodeHost(platform);
  const boot = async (): Promise<void> => {
    await host.start(conf);
    for (const coin of ['RLTC1', 'RLTC2']) {
      const reply = (await host.handleRpc({ method: 'electrum', coin, servers: devnet().coins[coin]!.servers, userpass: RPC_PASSWORD })) as Reply;
      if (reply.status !== 200) throw new Error(`watcher: ${coin}: ${JSON.stringify(reply.body)}`);
    }
  };
  const status = async () => {
    const reply = (await host.handleRpc({ mmrpc: '2.0', method: 'watcher_status', userpass: RPC_PASSWORD, params: {}, id: 1 })) as Reply;
    return reply.body.result as { listening: string[]; swaps: { uuid: string; state: string; finished?: string; tx_hash?: string; error?: { kind: string; message: string }; history: { state: string }[] }[] };
  };
  return {
    boot,
    status,
    async restart() {
      await host.stop();
      host = new NodeHost(platform);
      await boot();
    },
    stop: () => host.stop(),
  };
}

/** KDF's taker fee: output 0 to the dex fee address, nLockTime now (KDF's watcher refuses a fee whose lock time is older than the lock duration). */
async function sendKdfTakerFee(coin: UtxoCoin): Promise<SwapTx> {
  const plan = planTx({
    unspents: await coin.spendableUnspents(),
    outputs: [{ script: DEX_FEE_SCRIPT, value: DEX_FEE_SAT }],
    changeScript: coin.script,
    inputKind: coin.inputKind,
    feeRate: { kind: 'dynamic', satPerKb: 1000n },
    feePolicy: { kind: 'sendExact' },
    dust: coin.utxo.dust,
    ticker: coin.ticker,
    decimals: 8,
  });
  const signed = await coin.sign({ ...plan, lockTime: unixNow() });
  await coin.sendRawTransaction(signed.hex);
  return { txHex: signed.hex, txHash: signed.txid };
}

/** A preimage as KDF's `create_*_preimage` makes it: the payment's whole value less the spend fee, to the taker's own script. */
async function kdfPreimage(coin: UtxoCoin, payment: SwapTx, terms: HtlcTerms, kind: 'spend' | 'refund'): Promise<Uint8Array> {
  const redeem = redeemScriptOf(terms);
  const tx = await buildHtlcSpend({
    payment: decodeTx(payment.txHex, coin.txFormat),
    redeem,
    to: coin.script,
    fee: PREIMAGE_FEE,
    format: coinTxFormat(coin.config),
    sequence: kind === 'spend' ? HTLC_SPEND_SEQUENCE : HTLC_REFUND_SEQUENCE,
    lockTime: terms.timeLock,
    sign: (t, i, code, value) => coin.signer.signScriptInput!(t, i, code, value, coin.config),
    // The spend waits for the secret: `<sig> <redeem>` (OP_PUSHDATA1 for the 107-byte script).
    scriptSig: (sig) => (kind === 'spend' ? Uint8Array.of(sig.length, ...sig, 0x4c, redeem.length, ...redeem) : htlcRefundScriptSig(sig, redeem)),
  });
  return tx.toBuffer();
}

interface KdfSwap {
  uuid: string;
  secret: Uint8Array;
  takerPayment: SwapTx;
  makerPayment: SwapTx;
  takerTerms: HtlcTerms;
  makerTerms: HtlcTerms;
  message: Uint8Array;
}

/** Both sides' transactions up to `TakerPaymentSent`, and the watcher message the KDF taker sends then. */
async function kdfSwapUpToTakerPayment(taker: Side, maker: Side): Promise<KdfSwap> {
  const startedAt = unixNow();
  const secret = randomBytes(32);
  const secretHash = hash160(secret);
  const takerStart = await taker.coins.RLTC1.swapOps.currentBlock();
  const makerStart = await maker.coins.RLTC2.swapOps.currentBlock();
  const fee = await sendKdfTakerFee(taker.coins.RLTC1);
  const makerTerms: HtlcTerms = { timeLock: startedAt + 2 * LOCK, senderPubkey: maker.key.publicKey, receiverPubkey: taker.key.publicKey, secretHash, amount: PAYMENT };
  const makerPayment = await maker.coins.RLTC2.swapOps.sendPayment(makerTerms);
  const takerTerms: HtlcTerms = { timeLock: startedAt + LOCK, senderPubkey: taker.key.publicKey, receiverPubkey: maker.key.publicKey, secretHash, amount: PAYMENT };
  const takerPayment = await taker.coins.RLTC1.swapOps.sendPayment(takerTerms);
  const uuid = randomUUID();
  const message = encodeWatcherMsg({
    uuid,
    secretHash,
    makerPaymentSpendPreimage: await kdfPreimage(taker.coins.RLTC2, makerPayment, makerTerms, 'spend'),
    takerPaymentRefundPreimage: await kdfPreimage(taker.coins.RLTC1, takerPayment, takerTerms, 'refund'),
    swapStartedAt: startedAt,
    lockDuration: LOCK,
    takerCoin: 'RLTC1',
    takerFeeHash: hexToBytes(fee.txHash),
    takerPaymentHash: hexToBytes(takerPayment.txHash),
    takerCoinStartBlock: takerStart,
    takerPaymentConfirmations: 1,
    takerPaymentRequiresNota: false,
    makerCoin: 'RLTC2',
    makerPub: maker.key.publicKey,
    makerPaymentHash: hexToBytes(makerPayment.txHash),
    makerCoinStartBlock: makerStart,
  });
  return { uuid, secret, takerPayment, makerPayment, takerTerms, makerTerms, message };
}

describe('a watcher host serving a KDF taker on the devnet', () => {
  let taker: Side;
  let maker: Side;
  let takerPeer: Libp2pP2p;
  const watcher = watcherHost();
  const topic = watcherTopic('RLTC1');

  /** Publishes as the KDF taker does (signed with its HTLC key) until the watcher has stored the swap. */
  async function handOver(swap: KdfSwap): Promise<void> {
    await waitFor(`the watcher watching ${swap.uuid}`, async () => {
      await takerPeer.publish(topic, swap.message).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1000));
      return (await watcher.status()).swaps.some((s) => s.uuid === swap.uuid) ? true : undefined;
    }, 60_000);
  }

  const stateOf = async (uuid: string) => (await watcher.status()).swaps.find((s) => s.uuid === uuid);

  beforeAll(async () => {
    [taker, maker] = await Promise.all([startSide('watched taker'), startSide('watched maker')]);
    await fund(chainOf('RLTC1'), taker.coins.RLTC1.address, ['2']);
    await fund(chainOf('RLTC2'), maker.coins.RLTC2.address, ['2']);
    await daemon(chainOf('RLTC1')).mine(1);
    await daemon(chainOf('RLTC2')).mine(1);
    await balanceBecomes(taker.coins.RLTC1, 200_000_000n);
    await balanceBecomes(maker.coins.RLTC2, 200_000_000n);
    await watcher.boot();
    await waitFor('the watcher listening on swpwtchr/RLTC1', async () => ((await watcher.status()).listening.includes(topic) ? true : undefined));
    takerPeer = await createP2p({ signingKey: taker.key.privateKey, seednodes: [seedAddr()], allowLoopback: true, webSocket: (url) => new WebSocket(url) });
    takerPeer.subscribe(topic, () => undefined);
    await meshed(takerPeer, topic);
  }, 180_000);

  afterAll(async () => {
    await takerPeer?.stop();
    await watcher.stop();
    for (const side of [taker, maker]) for (const coin of Object.values(side?.coins ?? {})) await coin.shutdown();
  });

  it("spends the maker payment to the taker with the secret from the maker's spend, after a restart mid-watch", async () => {
    const swap = await kdfSwapUpToTakerPayment(taker, maker);
    await handOver(swap);
    await waitFor('WaitForTakerPaymentSpend', async () => ((await stateOf(swap.uuid))?.state === 'WaitForTakerPaymentSpend' ? true : undefined), 60_000);

    // The watcher goes down and comes back: it resumes the stored watch from that state.
    await watcher.restart();
    const takerRltc2Before = await spendable(taker.coins.RLTC2);
    expect(takerRltc2Before).toBe(0n);

    // The maker takes the taker payment with the secret; the taker is gone.
    await maker.coins.RLTC1.swapOps.spendPayment(swap.takerPayment, swap.takerTerms, swap.secret);
    const done = await waitFor('the watcher spending the maker payment', async () => {
      const s = await stateOf(swap.uuid);
      return s?.state === 'Stopped' ? s : undefined;
    }, 150_000);
    expect(done.finished, JSON.stringify(done.error)).toBe('MakerPaymentSpent');
    expect(done.history.map((h) => h.state)).toEqual(['ValidateTakerFee', 'ValidateTakerPayment', 'WaitForTakerPaymentSpend', 'WaitForTakerToSpendMakerPayment', 'SpendMakerPayment', 'Stopped']);
    await daemon(chainOf('RLTC2')).mine(1);
    // The maker payment, less the 496 sat the taker's own preimage pays the miners: nothing to anyone else.
    await balanceBecomes(taker.coins.RLTC2, PAYMENT_SAT - PREIMAGE_FEE);
    // As litecoind has it: one output, to the taker's own script.
    const onChain = await daemon(chainOf('RLTC2')).call<{ vout: { scriptPubKey: { hex: string } }[] }>('getrawtransaction', [done.tx_hash, true]);
    expect(onChain.vout.map((o) => o.scriptPubKey.hex)).toEqual([Buffer.from(taker.coins.RLTC2.script).toString('hex')]);
  }, 300_000);

  it('refunds the taker payment to the taker when the maker vanishes after paying', async () => {
    const swap = await kdfSwapUpToTakerPayment(taker, maker);
    await daemon(chainOf('RLTC1')).mine(1);
    await waitFor('the taker payment mined', async () => ((await taker.coins.RLTC1.swapOps.confirmations(swap.takerPayment.txHash)) ? true : undefined), 60_000);
    const afterPaying = await spendable(taker.coins.RLTC1);
    await handOver(swap);
    const done = await waitFor('the watcher refunding the taker payment', async () => {
      const s = await stateOf(swap.uuid);
      return s?.state === 'Stopped' ? s : undefined;
    }, 240_000);
    expect(done.finished, JSON.stringify(done.error)).toBe('TakerPaymentRefunded');
    expect(done.history.map((h) => h.state)).toEqual(['ValidateTakerFee', 'ValidateTakerPayment', 'WaitForTakerPaymentSpend', 'RefundTakerPayment', 'Stopped']);
    await daemon(chainOf('RLTC1')).mine(1);
    await balanceBecomes(taker.coins.RLTC1, afterPaying + PAYMENT_SAT - PREIMAGE_FEE);
    // The maker's payment stays where it was: the watcher never touches it in a refund.
    expect(await maker.coins.RLTC2.swapOps.findPaymentOutcome(swap.makerPayment, swap.makerTerms)).toBeNull();
  }, 300_000);
});
