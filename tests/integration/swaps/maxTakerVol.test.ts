/**
 * `max_taker_vol` against the devnet: the equation solved exactly from the fees of the wallet's own
 * outputs, `trade_preimage` of the answer passing, and then the swap's two sendings done for real
 * (the dex fee to the dex address, then the volume to a P2SH address) without running short; and
 * for the `devnet many` wallet (1,200 outputs of 0.001), a volume one standard-size payment carries.
 */
import { address as addresses } from 'bitcoinjs-lib';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { daemon, devnet } from '../devnet/daemon';
import { chainProvider, startEvmNode, type EvmNode } from '../eth/evmWallet';
import { fund } from '../utxo/funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from '../utxo/walletNode';
import { preimage } from './helpers';

const DEX_FEE_HASH = Buffer.from('ca1e04745e8ca0c60d8c5881531d51bec470743f', 'hex');
/** 8 decimals, rounded down, as a swap's amounts become satoshis. */
const toSats = (n: MmNumber): string => MmNumber.fromBaseUnits(n.toBaseUnitsFloor(8), 8).toDecimalString();

async function balanceIs(node: WalletNode, coin: string, expected: (b: string) => boolean): Promise<string> {
  return waitFor(`${coin} balance`, async () => {
    const b = (await node.legacy('my_balance', { coin })).body.balance as string;
    return expected(b) ? b : undefined;
  });
}

describe('max_taker_vol on the devnet', () => {
  let node: WalletNode;

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('max taker vol'));
    const address = (await node.activate('RLTC1')).body.address as string;
    expect((await node.activate('RLTC2')).status).toBe(200);
    await fund('chain1', address, ['1', '2', '0.5']);
    await daemon('chain1').mine(1);
    await balanceIs(node, 'RLTC1', (b) => b === '3.5');
  });
  afterAll(async () => {
    await node.stop();
  });

  it('solves max = balance − payment fee − taker-fee fee − dex_fee(max) exactly', async () => {
    const r = await node.legacy('max_taker_vol', { coin: 'RLTC1', trade_with: 'RLTC2' });
    expect(r.status).toBe(200);
    expect(r.body.coin).toBe('RLTC1');
    // Sending all 3 outputs: 551 vB with change at 1013 sat/kB = 558 sat; the taker fee from the
    // 0.5 output: 226 vB = 228 sat. Then max × (1 + 1/777) = what is left.
    const left = MmNumber.parse('3.5').sub(MmNumber.parse('0.00000558')).sub(MmNumber.parse('0.00000228'));
    const max = MmNumber.parse(r.body.result);
    expect(max.eq(left.mul(MmNumber.of(777n, 778n))), JSON.stringify(r.body)).toBe(true);
    expect(max.add(max.div(MmNumber.of(777n))).eq(left)).toBe(true);
  });

  it('gives a volume trade_preimage accepts, whose fees fit the balance, and that can really be sent', async () => {
    const max = MmNumber.parse((await node.legacy('max_taker_vol', { coin: 'RLTC1' })).body.result);
    const p = preimage(await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: max.toFraction() }));
    const spent = max.add(p.totals.find((t) => t.coin === 'RLTC1')!.required);
    expect(spent.lte(MmNumber.parse('3.5'))).toBe(true);

    // The taker fee first, to the dex fee address…
    const dexAddress = addresses.toBase58Check(DEX_FEE_HASH, 111);
    const feeTx = await node.mmrpc('withdraw', { coin: 'RLTC1', to: dexAddress, amount: toSats(p.taker!.amount) });
    expect(feeTx.status, JSON.stringify(feeTx.body)).toBe(200);
    const sent = await node.legacy('send_raw_transaction', { coin: 'RLTC1', tx_hex: (feeTx.body.result as { tx_hex: string }).tx_hex });
    expect(sent.status).toBe(200);
    await balanceIs(node, 'RLTC1', (b) => b !== '3.5');
    // …then the payment of the whole volume to a P2SH address, out of what is left.
    const htlcAddress = addresses.toBase58Check(Buffer.alloc(20, 0x11), 58);
    const payment = await node.mmrpc('withdraw', { coin: 'RLTC1', to: htlcAddress, amount: toSats(max) });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const [accepted] = await daemon('chain1').call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [
      [(payment.body.result as { tx_hex: string }).tx_hex],
    ]);
    expect(accepted?.allowed, accepted?.['reject-reason']).toBe(true);
  });

  it('answers 0 for a balance that cannot pay a swap worth more than dust', async () => {
    const poor = await startWalletNode(freshPassphrase('max taker vol poor'));
    try {
      const address = (await poor.activate('RLTC1')).body.address as string;
      await fund('chain1', address, ['0.0001']);
      await daemon('chain1').mine(1);
      await balanceIs(poor, 'RLTC1', (b) => b === '0.0001');
      const r = await poor.legacy('max_taker_vol', { coin: 'RLTC1' });
      expect(r.body).toEqual({ result: { numer: '0', denom: '1' }, coin: 'RLTC1' });
    } finally {
      await poor.stop();
    }
  });
});

describe('max_taker_vol of EVM coins', () => {
  let provider: JsonRpcProvider;
  let evm: EvmNode;

  beforeAll(async () => {
    provider = chainProvider();
    evm = await startEvmNode('max taker vol evm', provider, { ETHDEV: '1', 'DEVT6-ERC20': '100' });
    for (const t of ['ETHDEV', 'DEVT6-ERC20'] as const) expect((await evm.enable(t)).status).toBe(200);
  });
  afterAll(async () => {
    await evm.stop();
    provider.destroy();
  });

  it('a token pays its gas in ETHDEV, so only its dex fee is taken off: 100 × 777/778', async () => {
    const r = await evm.legacy('max_taker_vol', { coin: 'DEVT6-ERC20', trade_with: 'ETHDEV' });
    expect(r.body).toEqual({ result: { numer: '38850', denom: '389' }, coin: 'DEVT6-ERC20' });
  });

  it('ETHDEV takes its own gas off; selling the answer passes trade_preimage, and what it sends fits the balance', async () => {
    const max = MmNumber.parse((await evm.legacy('max_taker_vol', { coin: 'ETHDEV', trade_with: 'DEVT6-ERC20' })).body.result);
    expect(max.lt(MmNumber.ONE.mul(MmNumber.of(777n, 778n)))).toBe(true);
    const p = preimage(
      await evm.mmrpc('trade_preimage', { base: 'ETHDEV', rel: 'DEVT6-ERC20', swap_method: 'sell', price: '10', volume: max.toFraction() }),
    );
    // The taker's own sendings: the payment with its gas, the dex fee with its gas. (KDF checks the
    // gas of spending the token payment, also in ETHDEV, against the balance on its own.)
    const sent = max.add(p.base.amount).add(p.taker!.amount).add(p.feeToSend!.amount);
    expect(sent.lte(MmNumber.ONE)).toBe(true);
  });
});

describe('max_taker_vol of the devnet many wallet (1,200 outputs of 0.001)', () => {
  /** The 674 largest outputs a standard-size payment (P2SH, OP_RETURN, change) holds. */
  const CARRIED = MmNumber.parse('0.674');
  let node: WalletNode;

  beforeAll(async () => {
    const many = devnet().wallets.many;
    if (!many) throw new Error('the devnet has no "many" wallet');
    node = await startWalletNode(many.passphrase);
    for (const t of ['RLTC1', 'RLTC2']) expect((await node.activate(t)).status).toBe(200);
    await balanceIs(node, 'RLTC1', (b) => b === '1.2');
  });
  afterAll(async () => {
    await node.stop();
  });

  it('answers what one payment carries; a sell of it prices, and its payment fits the standard size', async () => {
    const r = await node.legacy('max_taker_vol', { coin: 'RLTC1', trade_with: 'RLTC2' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const max = MmNumber.parse(r.body.result);
    // 0.674 less a 675-input payment's fee (about 0.001), the taker fee's fee and the dex fee (1/778)
    expect(max.lt(CARRIED.mul(MmNumber.of(777n, 778n)))).toBe(true);
    expect(max.gt(MmNumber.parse('0.67'))).toBe(true);

    const p = preimage(await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'sell', price: '1', volume: max.toFraction() }));
    expect(max.add(p.totals.find((t) => t.coin === 'RLTC1')!.required).lte(CARRIED)).toBe(true);

    // The payment of max to a P2SH address, built (not sent: the wallet is shared) and accepted by litecoind.
    const htlcAddress = addresses.toBase58Check(Buffer.alloc(20, 0x11), 58);
    const payment = await node.mmrpc('withdraw', { coin: 'RLTC1', to: htlcAddress, amount: toSats(max) });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const txHex = (payment.body.result as { tx_hex: string }).tx_hex;
    const decoded = await daemon('chain1').call<{ vin: unknown[]; weight: number }>('decoderawtransaction', [txHex]);
    expect(decoded.vin.length).toBeLessThanOrEqual(674);
    expect(decoded.weight).toBeLessThanOrEqual(400_000);
    const [accepted] = await daemon('chain1').call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [[txHex]]);
    expect(accepted?.allowed, accepted?.['reject-reason']).toBe(true);
  });

  it("KDF's whole-balance answer would need a payment no standard transaction holds", async () => {
    const whole = MmNumber.parse('1.2').mul(MmNumber.of(777n, 778n)).sub(MmNumber.parse('0.002'));
    const w = await node.mmrpc('withdraw', { coin: 'RLTC1', to: addresses.toBase58Check(Buffer.alloc(20, 0x11), 58), amount: toSats(whole) });
    expect(w.status).toBe(400);
    expect(w.body.error_type).toBe('TransactionTooLarge');
  });
});
