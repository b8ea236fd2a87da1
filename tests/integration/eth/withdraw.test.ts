/**
 * `withdraw` + `send_raw_transaction` of ETH and ERC20 coins against anvil: every gas path and
 * `max`, each broadcast and mined, balances checked to the wei with ethers against the receipt,
 * KDF's exact TransactionDetails keys (both formats and the task), back-to-back sends from one
 * wallet, and every withdraw error with its data. Nonces in depth: nonces.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transaction, Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_KEYS, ETH_FEE_KEYS } from '../../fixtures/coins/txDetailsKeys';
import { waitFor, type Reply } from '../utxo/walletNode';
import { chainBalance, chainProvider, openEvmNode, startEvmNode, tokenAddress, units, type EvmNode, type EvmTicker } from './evmWallet';

type Details = Record<string, unknown> & { tx_hex: string; tx_hash: string; fee_details: { gas: number; gas_price: string; total_fee: string } };

describe('withdraw (ETH / ERC20)', () => {
  let provider: JsonRpcProvider;
  let alice: EvmNode;
  const receiver = Wallet.createRandom().address;

  beforeAll(async () => {
    provider = chainProvider();
    alice = await startEvmNode('eth withdraw', provider, { ETHDEV: '10', 'DEVT18-ERC20': '100', 'DEVT6-ERC20': '100' });
    for (const t of ['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20'] as const) expect((await alice.enable(t)).status).toBe(200);
  });
  afterAll(async () => {
    await alice.stop();
    provider.destroy();
  });

  const withdraw = (node: EvmNode, params: Record<string, unknown>): Promise<Reply> => node.mmrpc('withdraw', params);

  async function built(node: EvmNode, params: Record<string, unknown>): Promise<Details> {
    const r = await withdraw(node, params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as Details;
  }

  /** Broadcasts, waits for the receipt, and checks every balance moved exactly as the receipt says. */
  async function sendAndCheck(node: EvmNode, coin: EvmTicker, params: Record<string, unknown>): Promise<{ tx: Details; sent: bigint; fee: bigint }> {
    const to = (params.to as string | undefined) ?? receiver;
    const before = { mine: await chainBalance(provider, coin, node.address), gas: await chainBalance(provider, 'ETHDEV', node.address), theirs: await chainBalance(provider, coin, to) };
    const tx = await built(node, { coin, to, ...params });
    const decoded = Transaction.from(`0x${tx.tx_hex}`);
    expect(decoded.from).toBe(node.address);
    expect(decoded.type).toBe(0);
    expect(decoded.chainId).toBe(31337n);
    expect(decoded.gasLimit).toBe(BigInt(tx.fee_details.gas));
    expect(decoded.gasPrice).toBe(units('ETHDEV', tx.fee_details.gas_price));
    expect(Object.keys(tx)).toEqual(DETAILS_KEYS);
    expect(tx).toMatchObject({ coin, from: [node.address], to: [to], block_height: 0, received_by_me: '0', internal_id: '', memo: null });
    expect(Object.keys(tx.fee_details)).toEqual(ETH_FEE_KEYS);
    // Withdraws are signed with a legacy gas price: no max fees per gas.
    expect(tx.fee_details).toMatchObject({ type: 'Eth', coin: 'ETHDEV', max_fee_per_gas: null, max_priority_fee_per_gas: null });
    expect(units('ETHDEV', tx.fee_details.total_fee)).toBe(decoded.gasLimit * (decoded.gasPrice as bigint));

    const sent = await node.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex });
    expect(sent.body).toEqual({ tx_hash: tx.tx_hash });
    const receipt = await provider.waitForTransaction(`0x${tx.tx_hash}`);
    expect(receipt?.status).toBe(1);
    const fee = (receipt?.gasUsed as bigint) * (receipt?.gasPrice as bigint);
    const amount = units(coin, tx.total_amount as string);
    const after = { mine: await chainBalance(provider, coin, node.address), gas: await chainBalance(provider, 'ETHDEV', node.address), theirs: await chainBalance(provider, coin, to) };
    expect(after.theirs - before.theirs).toBe(amount);
    if (coin === 'ETHDEV') {
      expect(before.mine - after.mine).toBe(amount + fee);
    } else {
      expect(before.mine - after.mine).toBe(amount);
      expect(before.gas - after.gas).toBe(fee);
      expect(decoded.to).toBe(tokenAddress(coin));
    }
    // What withdraw reported: exact when the gas limit was all used (a plain transfer), an upper bound otherwise.
    expect(-units(coin, tx.my_balance_change as string)).toBe(units(coin, tx.spent_by_me as string));
    return { tx, sent: amount, fee };
  }

  it('ETH with the default gas: eth_gasPrice and eth_estimateGas, reported to the wei', async () => {
    const { tx, fee } = await sendAndCheck(alice, 'ETHDEV', { amount: '1.25' });
    expect(tx.total_amount).toBe('1.25');
    expect(tx.fee_details.gas).toBe(21000);
    expect(units('ETHDEV', tx.spent_by_me as string)).toBe(units('ETHDEV', '1.25') + fee);
  });

  it('ETH with EthGas: the gas price in gwei and the gas limit as given', async () => {
    const { tx } = await sendAndCheck(alice, 'ETHDEV', { amount: '0.5', fee: { type: 'EthGas', gas_price: '3.5', gas: 25000 } });
    expect(tx.fee_details).toEqual({ type: 'Eth', coin: 'ETHDEV', gas: 25000, gas_price: '0.0000000035', max_fee_per_gas: null, max_priority_fee_per_gas: null, total_fee: '0.0000875' });
    expect(tx.spent_by_me).toBe('0.5000875');
  });

  it('a 6-decimal token with the default gas, paid in ETHDEV', async () => {
    const { tx } = await sendAndCheck(alice, 'DEVT6-ERC20', { amount: '7.654321' });
    expect(tx).toMatchObject({ total_amount: '7.654321', spent_by_me: '7.654321', my_balance_change: '-7.654321' });
  });

  it('an 18-decimal token with EthGas', async () => {
    const { tx } = await sendAndCheck(alice, 'DEVT18-ERC20', { amount: '0.000000000000000123', fee: { type: 'EthGas', gas_price: '2', gas: 90000 } });
    expect(tx.fee_details).toEqual({ type: 'Eth', coin: 'ETHDEV', gas: 90000, gas_price: '0.000000002', max_fee_per_gas: null, max_priority_fee_per_gas: null, total_fee: '0.00018' });
  });

  it('max of a token sends its whole balance', async () => {
    const balance = await chainBalance(provider, 'DEVT18-ERC20', alice.address);
    const { sent } = await sendAndCheck(alice, 'DEVT18-ERC20', { max: true });
    expect(sent).toBe(balance);
    expect(await chainBalance(provider, 'DEVT18-ERC20', alice.address)).toBe(0n);
  });

  it('max of ETH leaves exactly nothing', async () => {
    const carol = await startEvmNode('eth withdraw max', provider, { ETHDEV: '1' });
    try {
      await carol.enable('ETHDEV');
      const { tx } = await sendAndCheck(carol, 'ETHDEV', { max: true });
      expect(tx.spent_by_me).toBe('1');
      expect(await chainBalance(provider, 'ETHDEV', carol.address)).toBe(0n);
    } finally {
      await carol.stop();
    }
  });

  it('sends back to back: withdraw+send ×3 and a token between, consecutive nonces, all mined', async () => {
    const to = Wallet.createRandom().address;
    const start = await provider.getTransactionCount(alice.address, 'pending');
    const hashes: string[] = [];
    for (const [coin, amount] of [['ETHDEV', '0.01'], ['DEVT6-ERC20', '1'], ['ETHDEV', '0.01'], ['ETHDEV', '0.03']] as const) {
      const tx = await built(alice, { coin, to, amount });
      const r = await alice.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      hashes.push(r.body.tx_hash as string);
    }
    const receipts = await Promise.all(hashes.map((h) => provider.waitForTransaction(`0x${h}`)));
    expect(receipts.map((r) => r?.status)).toEqual([1, 1, 1, 1]);
    const nonces = await Promise.all(hashes.map(async (h) => (await provider.getTransaction(`0x${h}`))?.nonce));
    expect(nonces).toEqual([0, 1, 2, 3].map((i) => start + i));
    expect(await chainBalance(provider, 'ETHDEV', to)).toBe(units('ETHDEV', '0.05'));
    expect(await chainBalance(provider, 'DEVT6-ERC20', to)).toBe(units('DEVT6-ERC20', '1'));
  });

  it('task::withdraw reports the same KDF TransactionDetails', async () => {
    const init = await alice.mmrpc('task::withdraw::init', { coin: 'DEVT6-ERC20', to: receiver, amount: '0.5' });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const task_id = (init.body.result as { task_id: number }).task_id;
    const done = await waitFor('the withdraw task', async () => {
      const s = (await alice.mmrpc('task::withdraw::status', { task_id, forget_if_finished: false })).body.result as { status: string; details: Details };
      return s.status === 'InProgress' ? undefined : s;
    });
    expect(done.status, JSON.stringify(done.details)).toBe('Ok');
    expect(Object.keys(done.details)).toEqual(DETAILS_KEYS);
    expect(Object.keys(done.details.fee_details)).toEqual(ETH_FEE_KEYS);
    expect(done.details).toMatchObject({ coin: 'DEVT6-ERC20', total_amount: '0.5', internal_id: '', memo: null });
    expect(Transaction.from(`0x${done.details.tx_hex}`).nonce).toBe(await provider.getTransactionCount(alice.address, 'pending'));
  });

  it('after a reload the chain alone gives the next nonce', async () => {
    const frank = await startEvmNode('eth withdraw reload', provider, { ETHDEV: '1' });
    const send = async (node: EvmNode) => {
      const tx = await built(node, { coin: 'ETHDEV', to: receiver, amount: '0.1' });
      expect((await node.legacy('send_raw_transaction', { coin: 'ETHDEV', tx_hex: tx.tx_hex })).status).toBe(200);
      return Transaction.from(`0x${tx.tx_hex}`).nonce;
    };
    await frank.enable('ETHDEV');
    const first = await send(frank);
    await frank.stop();
    const reloaded = await openEvmNode(frank.passphrase);
    try {
      await reloaded.enable('ETHDEV');
      expect(await send(reloaded)).toBe(first + 1);
      expect(await provider.getTransactionCount(frank.address, 'pending')).toBe(first + 2);
    } finally {
      await reloaded.stop();
    }
  });

  describe('with a gas station', () => {
    let station: Server;
    let stationUrl: string;
    let answer: () => unknown;
    beforeAll(async () => {
      station = createServer((_req, res) => {
        const body = answer();
        res.statusCode = body === null ? 503 : 200;
        res.end(JSON.stringify(body));
      });
      await new Promise<void>((r) => station.listen(0, '127.0.0.1', r));
      stationUrl = `http://127.0.0.1:${(station.address() as AddressInfo).port}/gas`;
    });
    afterAll(() => new Promise<void>((r) => station.close(() => r())));

    it('prices gas from the station (Average, 9 decimals) and falls back to eth_gasPrice when it fails', async () => {
      const george = await startEvmNode('eth withdraw station', provider, { ETHDEV: '1', 'DEVT6-ERC20': '2' });
      try {
        const station = { gas_station_url: stationUrl, gas_station_decimals: 9, gas_station_policy: { policy: 'Average' } };
        expect((await george.enable('ETHDEV', station)).status).toBe(200);
        expect((await george.enable('DEVT6-ERC20', { ...station, gas_station_policy: { policy: 'MeanAverageFast' } })).status).toBe(200);
        answer = () => ({ average: 7, fast: 9 });
        const eth = await sendAndCheck(george, 'ETHDEV', { amount: '0.1' });
        expect(eth.tx.fee_details.gas_price).toBe('0.000000007');
        const token = await sendAndCheck(george, 'DEVT6-ERC20', { amount: '1' });
        expect(token.tx.fee_details.gas_price).toBe('0.000000008');

        answer = () => null;
        const fallback = await built(george, { coin: 'ETHDEV', to: receiver, amount: '0.1' });
        // anvil's eth_gasPrice follows its base fee, so only "not the station's" is certain here.
        expect(fallback.fee_details.gas_price).not.toBe('0.000000007');
        expect(george.events).toContainEqual({
          event: 'log',
          data: { level: 'warn', line: expect.stringContaining('Gas price request failed with status code 503') },
        });
      } finally {
        await george.stop();
      }
    });
  });

  describe('errors', () => {
    let dave: EvmNode;
    let erin: EvmNode;
    beforeAll(async () => {
      dave = await startEvmNode('eth withdraw tokens only', provider, { 'DEVT6-ERC20': '5' });
      erin = await startEvmNode('eth withdraw dust', provider, { ETHDEV: '0.000000000000001' });
      for (const t of ['ETHDEV', 'DEVT6-ERC20', 'DEVT18-ERC20'] as const) expect((await dave.enable(t)).status).toBe(200);
      expect((await erin.enable('ETHDEV')).status).toBe(200);
    });
    afterAll(async () => {
      await dave.stop();
      await erin.stop();
    });

    async function fails(node: EvmNode, params: Record<string, unknown>, status: number, errorType: string, errorData?: unknown): Promise<void> {
      const pending = await provider.getTransactionCount(node.address, 'pending');
      const r = await withdraw(node, { to: receiver, ...params });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.error_type).toBe(errorType);
      if (errorData !== undefined) expect(r.body.error_data).toEqual(errorData);
      expect(await provider.getTransactionCount(node.address, 'pending')).toBe(pending);
    }

    it('NotSufficientBalance: amount above the ETH balance', async () => {
      const available = await chainBalance(provider, 'ETHDEV', alice.address);
      const r = await withdraw(alice, { coin: 'ETHDEV', to: receiver, amount: '1000' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'ETHDEV', required: '1000' } });
      expect(units('ETHDEV', (r.body.error_data as { available: string }).available)).toBe(available);
    });

    it('NotSufficientBalance: the amount is there but not the fee; required includes the fee', async () => {
      // 10^9 gwei = 1 ETH per gas: 21000 ETH of fee on top of 1.
      const r = await withdraw(alice, { coin: 'ETHDEV', to: receiver, amount: '1', fee: { type: 'EthGas', gas_price: '1000000000', gas: 21000 } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'ETHDEV', required: '21001' } });
    });

    it('NotSufficientBalance of a token', async () => {
      await fails(dave, { coin: 'DEVT6-ERC20', amount: '5.000001' }, 400, 'NotSufficientBalance', { coin: 'DEVT6-ERC20', available: '5', required: '5.000001' });
    });

    it('NotSufficientBalance of the platform coin when a token transfer cannot pay its gas', async () => {
      const r = await withdraw(dave, { coin: 'DEVT6-ERC20', to: receiver, amount: '1' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'NotSufficientBalance', error_data: { coin: 'ETHDEV', available: '0' } });
      expect(units('ETHDEV', (r.body.error_data as { required: string }).required)).toBeGreaterThan(0n);
    });

    it('ZeroBalanceToWithdrawMax, for ETH and for a token', async () => {
      await fails(dave, { coin: 'ETHDEV', max: true }, 400, 'ZeroBalanceToWithdrawMax');
      await fails(dave, { coin: 'DEVT18-ERC20', max: true }, 400, 'ZeroBalanceToWithdrawMax');
    });

    it('AmountTooLow: max of an ETH balance below the fee', async () => {
      const r = await withdraw(erin, { coin: 'ETHDEV', to: receiver, max: true });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'AmountTooLow', error_data: { amount: '0.000000000000001' } });
    });

    it('InvalidAddress: a wrong checksum, no 0x prefix', async () => {
      // EIP-55's example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed with one letter's case flipped.
      await fails(alice, { coin: 'ETHDEV', amount: '0.1', to: '0x5aAeb6053f3E94C9b9A09f33669435E7Ef1BeAed' }, 400, 'InvalidAddress', 'Invalid address checksum');
      await fails(alice, { coin: 'DEVT6-ERC20', amount: '0.1', to: receiver.slice(2) }, 400, 'InvalidAddress', 'Address must be prefixed with 0x');
    });

    it('InvalidFeePolicy: UTXO and QRC20 fee types', async () => {
      await fails(alice, { coin: 'ETHDEV', amount: '0.1', fee: { type: 'UtxoFixed', amount: '0.001' } }, 400, 'InvalidFeePolicy', "Expected 'EthGas' fee type, found UtxoFixed");
      await fails(alice, { coin: 'DEVT6-ERC20', amount: '0.1', fee: { type: 'UtxoPerKbyte', amount: '0.001' } }, 400, 'InvalidFeePolicy', "Expected 'EthGas' fee type, found UtxoPerKbyte");
      await fails(alice, { coin: 'ETHDEV', amount: '0.1', fee: { type: 'Qrc20Gas', gas_limit: 100000, gas_price: 40 } }, 400, 'InvalidFeePolicy', "Expected 'EthGas' fee type, found Qrc20Gas");
    });

    it('InvalidRequest: more decimals than the token has', async () => {
      const r = await withdraw(alice, { coin: 'DEVT6-ERC20', to: receiver, amount: '0.0000001' });
      expect(r.status).toBe(400);
      expect(r.body.error_type).toBe('InvalidRequest');
      expect(r.body.error).toContain('`amount` 0.0000001 has more than 6 decimal places');
    });

    it('NoSuchCoin: a coin not enabled', async () => {
      await fails(erin, { coin: 'DEVT6-ERC20', amount: '1' }, 404, 'NoSuchCoin', { coin: 'DEVT6-ERC20' });
    });
  });

  it('my_balance follows the chain after all this', async () => {
    for (const coin of ['ETHDEV', 'DEVT6-ERC20'] as const) {
      const expected = await chainBalance(provider, coin, alice.address);
      await waitFor(`${coin} balance`, async () => {
        const b = (await alice.legacy('my_balance', { coin })).body.balance as string;
        return units(coin, b) === expected ? true : undefined;
      });
    }
  });
});
