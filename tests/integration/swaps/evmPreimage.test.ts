/**
 * `trade_preimage` for ETHDEV / DEVT6-ERC20 and RLTC1 / ETHDEV against anvil: KDF's gas limits times
 * the node's gas price raised 7% (at least 1 gwei), all in ETHDEV; the token's `approve` added while
 * the swap contract's allowance is short and dropped once it is not; the taker fee's transfer
 * priced by anvil's own estimate; a token wallet without gas answered NotSufficientBaseCoinBalance.
 */
import { Interface, MaxUint256, Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { DEX_FEE_ADDRESS, raiseGasPrice } from '../../../src/node/coins/eth/tradeFee';
import { ethPrivateKey } from '../../../devnet/evm/keys';
import { daemon } from '../devnet/daemon';
import { chainProvider, startEvmNode, SWAP_CONTRACT, tokenAddress, type EvmNode } from '../eth/evmWallet';
import { fund } from '../utxo/funding';
import { waitFor } from '../utxo/walletNode';
import { expectTotals, preimage, sats, type Fee, type Preimage } from './helpers';

const ERC20 = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);
const wei = (n: MmNumber): bigint => n.toBaseUnits(18);
/** `n` wei as an amount of ETHDEV. */
const fromWei = (n: bigint): MmNumber => MmNumber.fromBaseUnits(n, 18);

describe('trade_preimage on the EVM devnet', () => {
  let provider: JsonRpcProvider;
  let alice: EvmNode;
  let carol: EvmNode;
  const token = () => tokenAddress('DEVT6-ERC20');

  beforeAll(async () => {
    provider = chainProvider();
    alice = await startEvmNode('preimage evm alice', provider, { ETHDEV: '2', 'DEVT6-ERC20': '100' });
    carol = await startEvmNode('preimage evm carol', provider, { 'DEVT6-ERC20': '100' });
    for (const n of [alice, carol]) for (const t of ['ETHDEV', 'DEVT6-ERC20'] as const) expect((await n.enable(t)).status).toBe(200);
    const rltc = (await alice.activate('RLTC1')).body.address as string;
    await fund('chain1', rltc, ['1']);
    await daemon('chain1').mine(1);
    await waitFor('RLTC1 funds', async () => ((await alice.legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1' ? true : undefined));
  });
  afterAll(async () => {
    await alice.stop();
    await carol.stop();
    provider.destroy();
  });

  /** The preimage, and the gas prices the node may have raised (anvil's price may move with a block in between). */
  async function priced(node: EvmNode, params: Record<string, unknown>): Promise<{ p: Preimage; prices: bigint[] }> {
    const price = async () => raiseGasPrice(BigInt(await provider.send('eth_gasPrice', [])), 'TradePreimage');
    const before = await price();
    const p = preimage(await node.mmrpc('trade_preimage', params));
    return { p, prices: [before, await price()] };
  }

  /** A fee of `gas` at one of `prices`, in ETHDEV, never out of the volume; returns the price it used. */
  function expectGas(f: Fee | undefined, gas: bigint, prices: bigint[]): bigint {
    expect(f).toMatchObject({ coin: 'ETHDEV', paidFromTradingVol: false });
    const total = wei(f!.amount);
    expect(total % gas).toBe(0n);
    expect(prices).toContain(total / gas);
    return total / gas;
  }

  const estimate = async (from: string, to: string, data: string, value = 0n) => provider.estimateGas({ from, to, data, value });

  it('setprice ETHDEV for DEVT6: ETH_PAYMENT 65000 and ERC20_RECEIVER_SPEND 150000 gas, both in ETHDEV', async () => {
    const { p, prices } = await priced(alice, { base: 'ETHDEV', rel: 'DEVT6-ERC20', swap_method: 'setprice', price: '10', volume: '1' });
    const price = expectGas(p.base, 65_000n, prices);
    expect(expectGas(p.rel, 150_000n, prices)).toBe(price);
    const gas = fromWei((65_000n + 150_000n) * price);
    expectTotals(p, [{ coin: 'ETHDEV', amount: gas, required: gas }]);
  });

  it('sell DEVT6: ERC20_PAYMENT + the approve while the allowance is short; the dex fee 10/777 in the token, no floor', async () => {
    const params = { base: 'DEVT6-ERC20', rel: 'ETHDEV', swap_method: 'sell', price: '0.01', volume: '10' };
    const { p, prices } = await priced(alice, params);
    const approveGas = await estimate(alice.address, token(), ERC20.encodeFunctionData('approve', [SWAP_CONTRACT, MaxUint256]));
    const basePrice = expectGas(p.base, 150_000n + approveGas, prices);
    expect(p.taker).toEqual({ coin: 'DEVT6-ERC20', amount: MmNumber.of(10n, 777n), paidFromTradingVol: false });
    // The transfer moves whole token units: floor(10/777 × 10^6) = 12870.
    const transferGas = await estimate(alice.address, token(), ERC20.encodeFunctionData('transfer', [DEX_FEE_ADDRESS, 12_870n]));
    const transferPrice = expectGas(p.feeToSend, transferGas, prices);
    const relPrice = expectGas(p.rel, 65_000n, prices);
    // ETHDEV: the gas of all three transactions; the token: the dex fee, 10/777.
    const gas = fromWei((150_000n + approveGas) * basePrice + 65_000n * relPrice + transferGas * transferPrice);
    expectTotals(p, [
      { coin: 'ETHDEV', amount: gas, required: gas },
      { coin: 'DEVT6-ERC20', amount: MmNumber.of(10n, 777n), required: MmNumber.of(10n, 777n) },
    ]);

    // Once the swap contract may take the tokens, the payment needs no approve.
    const wallet = new Wallet(ethPrivateKey(alice.passphrase), provider);
    await (await wallet.sendTransaction({ to: token(), data: ERC20.encodeFunctionData('approve', [SWAP_CONTRACT, MaxUint256]) })).wait();
    const after = await priced(alice, params);
    expectGas(after.p.base, 150_000n, after.prices);
  });

  it('buy DEVT6 with ETHDEV: the taker sends 0.1 ETHDEV, its dex fee by a plain transfer to the dex address', async () => {
    const { p, prices } = await priced(alice, { base: 'DEVT6-ERC20', rel: 'ETHDEV', swap_method: 'buy', price: '0.01', volume: '10' });
    expect(p.taker).toEqual({ coin: 'ETHDEV', amount: MmNumber.of(1n, 7770n), paidFromTradingVol: false });
    // 0.1/777 ETHDEV in whole wei.
    const transferGas = await estimate(alice.address, DEX_FEE_ADDRESS, '0x', 10n ** 18n / 7770n);
    const transferPrice = expectGas(p.feeToSend, transferGas, prices);
    const relPrice = expectGas(p.rel, 65_000n, prices);
    const basePrice = expectGas(p.base, 150_000n, prices);
    // All in ETHDEV: the dex fee 0.1/777 = 1/7770 and the gas of the three transactions.
    const all = MmNumber.of(1n, 7770n).add(fromWei(transferGas * transferPrice + 65_000n * relPrice + 150_000n * basePrice));
    expectTotals(p, [{ coin: 'ETHDEV', amount: all, required: all }]);
  });

  it('RLTC1 for ETHDEV: sell pays the RLTC1 payment, the ETHDEV spend gas from the ETHDEV balance', async () => {
    const { p, prices } = await priced(alice, { base: 'RLTC1', rel: 'ETHDEV', swap_method: 'sell', price: '0.01', volume: '0.5' });
    expect(p.base).toMatchObject({ coin: 'RLTC1', paidFromTradingVol: false });
    expect(p.taker).toEqual({ coin: 'RLTC1', amount: MmNumber.parse('0.5').div(MmNumber.of(777n)), paidFromTradingVol: false });
    const relPrice = expectGas(p.rel, 65_000n, prices);
    expect(p.totals.map((t) => t.coin)).toEqual(['RLTC1', 'ETHDEV']);
    // RLTC1, from the wallet's one output of 1 at 1013 sat/kB (rounded down): the payment (P2PKH
    // input 148, P2SH 32, OP_RETURN 31, change 34, 10 more: 255 vB → 258 sat), the dex fee
    // 0.5/777 = 1/1554 and its transfer (148 + 34 + 34 + 10 = 226 vB → 228 sat).
    const rltc1 = MmNumber.of(1n, 1554n).add(sats(258n + 228n));
    const gas = fromWei(65_000n * relPrice);
    expectTotals(p, [
      { coin: 'RLTC1', amount: rltc1, required: rltc1 },
      { coin: 'ETHDEV', amount: gas, required: gas },
    ]);
  });

  it('RLTC1 for ETHDEV: buy sends ETHDEV; the RLTC1 spend (502 sat) comes out of the received volume', async () => {
    const { p, prices } = await priced(alice, { base: 'RLTC1', rel: 'ETHDEV', swap_method: 'buy', price: '0.01', volume: '0.5' });
    expect(p.base).toEqual({ coin: 'RLTC1', amount: MmNumber.parse('0.00000502'), paidFromTradingVol: true });
    const relPrice = expectGas(p.rel, 65_000n, prices);
    expect(p.taker).toEqual({ coin: 'ETHDEV', amount: MmNumber.parse('0.005').div(MmNumber.of(777n)), paidFromTradingVol: false });
    // The dex fee 0.005/777 ETHDEV = 1/155400, sent by a plain transfer of its whole wei.
    const transferGas = await estimate(alice.address, DEX_FEE_ADDRESS, '0x', 5n * 10n ** 15n / 777n);
    const transferPrice = expectGas(p.feeToSend, transferGas, prices);
    const ethdev = MmNumber.of(1n, 155_400n).add(fromWei(65_000n * relPrice + transferGas * transferPrice));
    expectTotals(p, [
      { coin: 'RLTC1', amount: MmNumber.parse('0.00000502'), required: MmNumber.ZERO },
      { coin: 'ETHDEV', amount: ethdev, required: ethdev },
    ]);
  });

  it('answers a token wallet without gas with NotSufficientBaseCoinBalance of the platform coin', async () => {
    const r = await carol.mmrpc('trade_preimage', { base: 'DEVT6-ERC20', rel: 'ETHDEV', swap_method: 'sell', price: '0.01', volume: '1' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error_type: 'NotSufficientBaseCoinBalance', error_data: { coin: 'ETHDEV', available: '0', locked_by_swaps: '0' } });
  });

  it('answers more ETHDEV than the balance with NotSufficientBalance', async () => {
    const r = await alice.mmrpc('trade_preimage', { base: 'ETHDEV', rel: 'DEVT6-ERC20', swap_method: 'sell', price: '10', volume: '5' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'ETHDEV', locked_by_swaps: '0' } });
  });
});
