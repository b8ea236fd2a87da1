/**
 * `trade_preimage` for RLTC1 (dynamic fee: regtest has no estimate, so 1000 sat/kB, raised 1.25% at
 * the TradePreimage stage to 1013) and RLTC2 (fixed 1000 sat per started kB) against the devnet:
 * setprice, sell, buy, max, the errors; the sender fee checked against a real payment-shaped
 * transaction over the wallet's outputs as litecoind lists them, signed and accepted by litecoind.
 */
import { address as addresses } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { opReturnScript, p2pkhScript, p2shScript, planTx, signTx, type FeeRate } from '../../../src/node/coins/utxo/tx';
import { deriveNodeKeys, hash160, type KeyPair } from '../../../src/node/crypto';
import { daemon } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from '../utxo/walletNode';
import { coinConfig, daemonUnspents, expectTotals, preimage, sat, sats } from './helpers';

/** 1000 sat/kB (estimatefee has no data on regtest) + round(1000 × 0.5% × 2.5). */
const RLTC1_PREIMAGE_RATE: FeeRate = { kind: 'dynamic', satPerKb: 1013n };
const DUST = 5460n;
/**
 * A payment of up to 3 RLTC1 from this wallet spends its output of 3 alone: one P2PKH input
 * (KDF's estimate 148 vB) and the outputs P2SH (32), OP_RETURN of 20 bytes (31) and change (34),
 * with 10 bytes of version, counts and lock time: 255 vB, at 1013 sat/kB rounded down 258 sat.
 */
const RLTC1_PAYMENT_FEE = 258n;
/** The dex fee's transfer: one P2PKH input, the dex output and change, 10 + 148 + 34 + 34 = 226 vB → 228 sat. */
const RLTC1_DEX_TRANSFER_FEE = 228n;
/** RLTC2's fixed rate: 1000 sat for each started kB, which every swap transaction fits. */
const RLTC2_TX_FEE = 1000n;

describe('trade_preimage on the UTXO devnet', () => {
  let node: WalletNode;
  let key: KeyPair;
  let address: string;

  beforeAll(async () => {
    const passphrase = freshPassphrase('preimage utxo');
    key = deriveNodeKeys(passphrase, { enableHd: false }).internal;
    node = await startWalletNode(passphrase);
    address = (await node.activate('RLTC1')).body.address as string;
    expect((await node.activate('RLTC2')).status).toBe(200);
    expect(address).toBe(addresses.toBase58Check(hash160(key.publicKey), 111));
    await fund('chain1', address, ['1', '2', '3', '0.5']);
    await fund('chain2', address, ['4']);
    await daemon('chain1').mine(1);
    await daemon('chain2').mine(1);
    await waitFor('funds', async () => {
      const [a, b] = [await node.legacy('my_balance', { coin: 'RLTC1' }), await node.legacy('my_balance', { coin: 'RLTC2' })];
      return a.body.balance === '6.5' && b.body.balance === '4' ? true : undefined;
    });
  });
  afterAll(async () => {
    await node.stop();
  });

  const preimageOf = async (params: Record<string, unknown>) => preimage(await node.mmrpc('trade_preimage', params));

  it('setprice: the sender fee is what a real payment (P2SH + OP_RETURN + change) over the same outputs pays', async () => {
    const p = await preimageOf({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'setprice', price: '1', volume: '1' });
    expect(p.base).toMatchObject({ coin: 'RLTC1', paidFromTradingVol: false });
    // The spend of the other payment: one started kB at RLTC2's fixed 1000 sat, out of the received volume.
    expect(p.rel).toEqual({ coin: 'RLTC2', amount: MmNumber.parse('0.00001'), paidFromTradingVol: true });
    expect(p.taker).toBeUndefined();
    expect(p.volume).toBeUndefined();
    expectTotals(p, [
      { coin: 'RLTC1', amount: sats(RLTC1_PAYMENT_FEE), required: sats(RLTC1_PAYMENT_FEE) },
      { coin: 'RLTC2', amount: sats(RLTC2_TX_FEE), required: MmNumber.ZERO },
    ]);

    const plan = planTx({
      unspents: await daemonUnspents('chain1', address),
      outputs: [
        { script: p2shScript(new Uint8Array(20).fill(0x5a)), value: 100_000_000n },
        { script: opReturnScript(new Uint8Array(20).fill(0xa5)), value: 0n },
      ],
      changeScript: p2pkhScript(hash160(key.publicKey)),
      inputKind: 'p2pkh',
      feeRate: RLTC1_PREIMAGE_RATE,
      feePolicy: { kind: 'sendExact' },
      dust: DUST,
      ticker: 'RLTC1',
      decimals: 8,
    });
    expect(plan.change).toBeGreaterThan(0n);
    expect(plan.fee).toBe(RLTC1_PAYMENT_FEE);
    expect(sat(p.base.amount)).toBe(plan.fee);
    const signed = await signTx(plan, key, coinConfig('RLTC1'), 'p2pkh');
    const [accepted] = await daemon('chain1').call<{ allowed: boolean; fees?: { base: number }; 'reject-reason'?: string }[]>('testmempoolaccept', [[signed.hex]]);
    expect(accepted?.allowed, accepted?.['reject-reason']).toBe(true);
    expect(BigInt(Math.round((accepted?.fees?.base ?? 0) * 1e8))).toBe(plan.fee);
  });

  it('setprice with a fixed-rate base coin: 1000 sat; the dynamic rel coin spends 496 B at 1013 sat/kB', async () => {
    const p = await preimageOf({ base: 'RLTC2', rel: 'RLTC1', swap_method: 'setprice', price: '1', volume: '1' });
    expect(p.base).toEqual({ coin: 'RLTC2', amount: MmNumber.parse('0.00001'), paidFromTradingVol: false });
    expect(p.rel).toEqual({ coin: 'RLTC1', amount: MmNumber.parse('0.00000502'), paidFromTradingVol: true });
    expect(p.raw.total_fees).toEqual([
      {
        coin: 'RLTC2',
        ...MmNumber.parse('0.00001').toJsonTriple('amount'),
        ...MmNumber.parse('0.00001').toJsonTriple('required_balance'),
      },
      { coin: 'RLTC1', ...MmNumber.parse('0.00000502').toJsonTriple('amount'), ...MmNumber.ZERO.toJsonTriple('required_balance') },
    ]);
  });

  it('setprice with max: the balance less the fee of sending all four outputs (699 vB with change → 708 sat)', async () => {
    const p = await preimageOf({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'setprice', price: '1', max: true });
    expect(p.volume?.toDecimalString()).toBe('6.49999292');
    expect(p.base.amount.toDecimalString()).toBe('0.00000708');
    expectTotals(p, [
      { coin: 'RLTC1', amount: sats(708n), required: sats(708n) },
      { coin: 'RLTC2', amount: sats(RLTC2_TX_FEE), required: MmNumber.ZERO },
    ]);
  });

  it('sell: the dex fee is 1/777 of the volume in the base coin, sent to the dex address for 228 sat (226 vB)', async () => {
    const p = await preimageOf({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '2', volume: '1' });
    expect(p.taker).toEqual({ coin: 'RLTC1', amount: MmNumber.of(1n, 777n), paidFromTradingVol: false });
    expect(p.raw.taker_fee).toMatchObject({ amount_fraction: { numer: '1', denom: '777' }, amount_rat: [[1, [1]], [1, [777]]] });
    expect(p.feeToSend).toEqual({ coin: 'RLTC1', amount: MmNumber.parse('0.00000228'), paidFromTradingVol: false });
    expect(p.base).toEqual({ coin: 'RLTC1', amount: sats(RLTC1_PAYMENT_FEE), paidFromTradingVol: false });
    expect(p.rel).toEqual({ coin: 'RLTC2', amount: MmNumber.parse('0.00001'), paidFromTradingVol: true });
    // RLTC1: the payment of 1, the dex fee 1/777 and its transfer; RLTC2: the spend, out of the received volume.
    const rltc1 = MmNumber.of(1n, 777n).add(sats(RLTC1_PAYMENT_FEE + RLTC1_DEX_TRANSFER_FEE));
    expectTotals(p, [
      { coin: 'RLTC1', amount: rltc1, required: rltc1 },
      { coin: 'RLTC2', amount: sats(RLTC2_TX_FEE), required: MmNumber.ZERO },
    ]);
  });

  it('buy: the taker sends volume × price of rel and pays its dex fee and fees in rel', async () => {
    const p = await preimageOf({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'buy', price: '2', volume: '1' });
    expect(p.taker).toEqual({ coin: 'RLTC2', amount: MmNumber.of(2n, 777n), paidFromTradingVol: false });
    expect(p.feeToSend).toEqual({ coin: 'RLTC2', amount: MmNumber.parse('0.00001'), paidFromTradingVol: false });
    expect(p.rel).toEqual({ coin: 'RLTC2', amount: MmNumber.parse('0.00001'), paidFromTradingVol: false });
    expect(p.base).toEqual({ coin: 'RLTC1', amount: MmNumber.parse('0.00000502'), paidFromTradingVol: true });
    // RLTC1: the spend, out of the received volume; RLTC2: the payment of 2, the dex fee 2/777 and its transfer.
    const rltc2 = MmNumber.of(2n, 777n).add(sats(2n * RLTC2_TX_FEE));
    expectTotals(p, [
      { coin: 'RLTC1', amount: sats(502n), required: MmNumber.ZERO },
      { coin: 'RLTC2', amount: rltc2, required: rltc2 },
    ]);
    // The legacy form answers the same inside {"result": …}.
    const legacy = await node.legacy('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'buy', price: '2', volume: '1' });
    expect(legacy.body).toEqual({ result: p.raw });
  });

  it.each([
    [
      'max with sell',
      { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: '1', max: true },
      'InvalidParam',
      { param: 'max', reason: "'max' cannot be used with 'sell' or 'buy' method" },
    ],
    [
      'a volume under min_trading_vol (10 × dust)',
      { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: '0.0001' },
      'VolumeTooLow',
      { coin: 'RLTC1', volume: '0.0001', threshold: '0.000546' },
    ],
    [
      'a coin not activated',
      { base: 'RLTC1', rel: 'ETHDEV', swap_method: 'setprice', price: '1', volume: '1' },
      'NoSuchCoin',
      { coin: 'ETHDEV' },
    ],
  ])('answers %s with its error', async (_what, params, errorType, errorData) => {
    const r = await node.mmrpc('trade_preimage', params);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error_type: errorType, error_data: errorData });
  });

  it('answers a volume over the balance with NotSufficientBalance', async () => {
    const r = await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: '7' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'RLTC1', available: '6.5' } });
    const r2 = await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: '6.495' });
    // 6.495 and its fees fit in 6.5, with the dex fee 6.495/777 they do not.
    expect(r2.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'RLTC1', available: '6.5', locked_by_swaps: '0' } });
  });
});
