/**
 * EIP-1559 on the devnet's anvil: `get_eth_estimated_fee_per_gas` answering sane fee levels, type-2
 * withdraws of ETH and an ERC20 broadcast and mined with KDF's fee details bounding what the
 * receipt charged, a withdraw without a fee signed as type 2 where `max_eth_tx_type` allows it,
 * and `EthGasEip1559` refused with TxTypeNotSupported on the devnet's own coins file, whose ETHDEV
 * has no `max_eth_tx_type` (legacy only).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUnits, Transaction, Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { ethAddress } from '../../../devnet/evm/keys';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, type Reply } from '../utxo/walletNode';
import { chainBalance, chainProvider, fundEvm, openEvmNode, startEvmNode, units, type EvmNode, type EvmTicker } from './evmWallet';

interface Level {
  max_priority_fee_per_gas: string;
  max_fee_per_gas: string;
  min_wait_time: number | null;
  max_wait_time: number | null;
}
interface Estimate {
  base_fee: string;
  low: Level;
  medium: Level;
  high: Level;
  source: string;
  units: string;
}
interface EthFee {
  type: string;
  coin: string;
  gas: number;
  gas_price: string;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  total_fee: string;
}
type Details = Record<string, unknown> & { tx_hex: string; tx_hash: string; total_amount: string; fee_details: EthFee };

/** Wei of a gwei decimal (the estimator's unit). */
const gwei = (decimal: string): bigint => parseUnits(decimal, 9);
const eip1559Fee = (level: Level, gasOption: Record<string, unknown> = { type: 'Calc' }) => ({
  type: 'EthGasEip1559',
  max_fee_per_gas: level.max_fee_per_gas,
  max_priority_fee_per_gas: level.max_priority_fee_per_gas,
  gas_option: gasOption,
});

describe('EIP-1559 (ETH / ERC20)', () => {
  let provider: JsonRpcProvider;
  let dir: string;
  /** On a coins file whose ETHDEV allows type 2 (`max_eth_tx_type: 2`); its tokens take it from ETHDEV. */
  let alice: EvmNode;
  /** On the devnet's coins file: ETHDEV legacy only. */
  let legacyOnly: EvmNode;
  const receiver = Wallet.createRandom().address;

  beforeAll(async () => {
    provider = chainProvider();
    dir = await mkdtemp(join(tmpdir(), 'eip1559-'));
    const coins = JSON.parse(await readFile(devnet().coinsFile, 'utf8')) as Record<string, unknown>[];
    const coinsPath = join(dir, 'coins.json');
    await writeFile(coinsPath, JSON.stringify(coins.map((c) => (c.coin === 'ETHDEV' ? { ...c, max_eth_tx_type: 2 } : c))));
    const passphrase = freshPassphrase('eip1559');
    await fundEvm(provider, ethAddress(passphrase), { ETHDEV: '10', 'DEVT18-ERC20': '100' });
    alice = await openEvmNode(passphrase, nodePlatform({ coinsPath }));
    legacyOnly = await startEvmNode('eip1559 legacy', provider, { ETHDEV: '1' });
    for (const t of ['ETHDEV', 'DEVT18-ERC20'] as const) expect((await alice.enable(t)).status).toBe(200);
    for (const t of ['ETHDEV', 'DEVT18-ERC20'] as const) expect((await legacyOnly.enable(t)).status).toBe(200);
  });
  afterAll(async () => {
    await alice.stop();
    await legacyOnly.stop();
    provider.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  async function estimate(node: EvmNode, coin: string): Promise<Estimate> {
    const r = await node.mmrpc('get_eth_estimated_fee_per_gas', { coin, estimator_type: 'Simple' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as Estimate;
  }

  async function built(node: EvmNode, params: Record<string, unknown>): Promise<Details> {
    const r: Reply = await node.mmrpc('withdraw', params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as Details;
  }

  /**
   * Signs, broadcasts and waits for a type-2 withdraw; checks the fee details against the signed
   * bytes and the receipt: the chain charged base fee + tip per gas, capped at the max fee, which
   * is what `gas_price` reports, so `total_fee` bounds what was paid.
   */
  async function sendType2(coin: EvmTicker, params: Record<string, unknown>): Promise<{ tx: Details; decoded: Transaction }> {
    const before = { mine: await chainBalance(provider, coin, alice.address), gas: await chainBalance(provider, 'ETHDEV', alice.address) };
    const tx = await built(alice, { coin, to: receiver, ...params });
    const decoded = Transaction.from(`0x${tx.tx_hex}`);
    expect(decoded.type).toBe(2);
    expect(decoded.chainId).toBe(31337n);
    expect(decoded.from).toBe(alice.address);
    const fee = tx.fee_details;
    expect(fee).toMatchObject({ type: 'Eth', coin: 'ETHDEV' });
    expect(fee.max_fee_per_gas).toBe(fee.gas_price);
    expect(units('ETHDEV', fee.max_fee_per_gas as string)).toBe(decoded.maxFeePerGas);
    expect(units('ETHDEV', fee.max_priority_fee_per_gas as string)).toBe(decoded.maxPriorityFeePerGas);
    expect(BigInt(fee.gas)).toBe(decoded.gasLimit);
    expect(units('ETHDEV', fee.total_fee)).toBe(decoded.gasLimit * (decoded.maxFeePerGas as bigint));

    expect((await alice.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex })).body).toEqual({ tx_hash: tx.tx_hash });
    const receipt = await provider.waitForTransaction(`0x${tx.tx_hash}`);
    expect(receipt?.status).toBe(1);
    const block = await provider.getBlock(receipt?.blockNumber as number);
    const baseFee = block?.baseFeePerGas as bigint;
    const maxFee = decoded.maxFeePerGas as bigint;
    const tip = decoded.maxPriorityFeePerGas as bigint;
    const paidPerGas = receipt?.gasPrice as bigint;
    expect(paidPerGas).toBe(baseFee + tip < maxFee ? baseFee + tip : maxFee);
    expect(paidPerGas).toBeLessThanOrEqual(units('ETHDEV', fee.gas_price));
    const paid = (receipt?.gasUsed as bigint) * paidPerGas;
    expect(paid).toBeLessThanOrEqual(units('ETHDEV', fee.total_fee));

    const sent = units(coin, tx.total_amount);
    const after = { mine: await chainBalance(provider, coin, alice.address), gas: await chainBalance(provider, 'ETHDEV', alice.address) };
    if (coin === 'ETHDEV') {
      expect(before.mine - after.mine).toBe(sent + paid);
    } else {
      expect(before.mine - after.mine).toBe(sent);
      expect(before.gas - after.gas).toBe(paid);
    }
    return { tx, decoded };
  }

  it('get_eth_estimated_fee_per_gas: three ordered levels in gwei over the chain base fee, for ETH and a token; not for others', async () => {
    const latest = (await provider.getBlock('latest'))?.baseFeePerGas as bigint;
    for (const coin of ['ETHDEV', 'DEVT18-ERC20']) {
      const e = await estimate(alice, coin);
      expect(e).toMatchObject({ source: 'simple', units: 'Gwei', base_fee_trend: '', priority_fee_trend: '' });
      expect(gwei(e.base_fee)).toBeGreaterThan(0n);
      const levels = [e.low, e.medium, e.high];
      for (const l of levels) {
        expect(l).toMatchObject({ min_wait_time: null, max_wait_time: null });
        expect(gwei(l.max_fee_per_gas)).toBeGreaterThanOrEqual(gwei(l.max_priority_fee_per_gas));
        // Sane: under a coin per gas.
        expect(gwei(l.max_fee_per_gas)).toBeLessThan(10n ** 18n);
      }
      expect(gwei(e.low.max_fee_per_gas)).toBeLessThanOrEqual(gwei(e.medium.max_fee_per_gas));
      expect(gwei(e.medium.max_fee_per_gas)).toBeLessThanOrEqual(gwei(e.high.max_fee_per_gas));
      // The high level covers a full block's rise over the oldest of 5 base fees, which is at least the latest's (no block of the devnet is full).
      expect(gwei(e.high.max_fee_per_gas)).toBeGreaterThanOrEqual(latest);
    }
    const unknown = await alice.mmrpc('get_eth_estimated_fee_per_gas', { coin: 'NOPE', estimator_type: 'Simple' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_type: 'CoinNotFound' });
    const badType = await alice.mmrpc('get_eth_estimated_fee_per_gas', { coin: 'ETHDEV', estimator_type: 'Fastest' });
    expect(badType.status).toBe(400);
    expect((await alice.activate('RLTC1')).status).toBe(200);
    const utxo = await alice.mmrpc('get_eth_estimated_fee_per_gas', { coin: 'RLTC1', estimator_type: 'Simple' });
    expect(utxo.status).toBe(501);
    expect(utxo.body).toMatchObject({ error_type: 'CoinNotSupported' });
  });

  it('ETH with EthGasEip1559 from the high estimate (gas calculated): type 2, mined, fees within the details', async () => {
    const e = await estimate(alice, 'ETHDEV');
    const { tx } = await sendType2('ETHDEV', { amount: '0.5', fee: eip1559Fee(e.high) });
    // The details are in ETH per gas, the estimate in gwei: the same wei.
    expect(units('ETHDEV', tx.fee_details.max_fee_per_gas as string)).toBe(gwei(e.high.max_fee_per_gas));
    expect(units('ETHDEV', tx.fee_details.max_priority_fee_per_gas as string)).toBe(gwei(e.high.max_priority_fee_per_gas));
    expect(tx.fee_details.gas).toBe(21000);
  });

  it('an ERC20 with EthGasEip1559 and a set gas limit: type 2 through the token contract, gas paid in ETHDEV', async () => {
    const { decoded } = await sendType2('DEVT18-ERC20', {
      amount: '3',
      fee: { type: 'EthGasEip1559', max_fee_per_gas: '50', max_priority_fee_per_gas: '2', gas_option: { type: 'Set', gas: 90000 } },
    });
    expect(decoded.gasLimit).toBe(90000n);
    expect(decoded.maxFeePerGas).toBe(50_000_000_000n);
  });

  it('no fee on a coin with max_eth_tx_type 2: type 2 at the medium estimate', async () => {
    const { tx } = await sendType2('ETHDEV', { amount: '0.25' });
    expect(tx.fee_details.max_priority_fee_per_gas).not.toBeNull();
  });

  it('EthGasEip1559 on a coin without max_eth_tx_type: TxTypeNotSupported, for ETH and its token', async () => {
    const fee = { type: 'EthGasEip1559', max_fee_per_gas: '30', max_priority_fee_per_gas: '1', gas_option: { type: 'Calc' } };
    for (const coin of ['ETHDEV', 'DEVT18-ERC20']) {
      const r = await legacyOnly.mmrpc('withdraw', { coin, to: receiver, amount: '0.1', fee });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'TxTypeNotSupported', error: 'Transaction type not supported' });
    }
    // The legacy-only coin still signs type 0 without a fee.
    const plain = await built(legacyOnly, { coin: 'ETHDEV', to: receiver, amount: '0.1' });
    expect(Transaction.from(`0x${plain.tx_hex}`).type).toBe(0);
    expect(plain.fee_details).toMatchObject({ max_fee_per_gas: null, max_priority_fee_per_gas: null });
  });

  it('bad EIP-1559 fees are refused before anything is signed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'EthGasEip1559', max_fee_per_gas: '-1', max_priority_fee_per_gas: '0', gas_option: { type: 'Calc' } }, 'InvalidFeePolicy'],
      [{ type: 'EthGasEip1559', max_fee_per_gas: '1', max_priority_fee_per_gas: '2', gas_option: { type: 'Calc' } }, 'InvalidFeePolicy'],
      [{ type: 'EthGasEip1559', max_fee_per_gas: `1${'0'.repeat(80)}`, max_priority_fee_per_gas: '1', gas_option: { type: 'Calc' } }, 'InvalidFeePolicy'],
    ];
    for (const [fee, errorType] of cases) {
      const r = await alice.mmrpc('withdraw', { coin: 'ETHDEV', to: receiver, amount: '0.1', fee });
      expect(r.status, JSON.stringify(fee)).toBe(400);
      expect(r.body).toMatchObject({ error_type: errorType });
    }
    const unknownOption = await alice.mmrpc('withdraw', { coin: 'ETHDEV', to: receiver, amount: '0.1', fee: { type: 'EthGasEip1559', max_fee_per_gas: '1', max_priority_fee_per_gas: '1', gas_option: { type: 'Guess' } } });
    expect(unknownOption.status).toBe(400);
  });
});
