/**
 * `withdraw` + `send_raw_transaction` against litecoind: every fee policy and max, amounts checked
 * to the satoshi against what the daemon reports, and every error with its data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon } from '../devnet/daemon';
import { fund } from './funding';
import { DETAILS_KEYS, UTXO_FEE_KEYS } from '../../fixtures/coins/txDetailsKeys';
import { freshPassphrase, startWalletNode, waitFor, type Reply, type WalletNode } from './walletNode';

const sat = (decimal: string): bigint => {
  const [i = '0', f = ''] = decimal.replace('-', '').split('.');
  const v = BigInt(i) * 100_000_000n + BigInt((f + '00000000').slice(0, 8));
  return decimal.startsWith('-') ? -v : v;
};

interface Accepted {
  allowed: boolean;
  vsize: number;
  fees?: { base: number };
  'reject-reason'?: string;
}

async function mempoolAccept(chain: string, hex: string): Promise<Accepted> {
  const [r] = await daemon(chain).call<Accepted[]>('testmempoolaccept', [[hex]]);
  if (!r) throw new Error('no testmempoolaccept answer');
  return r;
}

/** Waits until the node's balance equals `expected`. */
async function balanceIs(node: WalletNode, coin: string, expected: string): Promise<void> {
  await waitFor(`${coin} balance ${expected}`, async () =>
    (await node.legacy('my_balance', { coin })).body.balance === expected ? true : undefined,
  );
}

describe('withdraw', () => {
  let alice: WalletNode;
  let bob: WalletNode;
  let aliceAddress: string;
  let bobAddress: string;

  beforeAll(async () => {
    alice = await startWalletNode(freshPassphrase('withdraw alice'));
    bob = await startWalletNode(freshPassphrase('withdraw bob'));
    aliceAddress = (await alice.activate('RLTC1')).body.address as string;
    bobAddress = (await bob.activate('RLTC1')).body.address as string;
    await alice.activate('RLTC2');
    await fund('chain1', aliceAddress, ['1', '2', '3', '0.5']);
    await fund('chain2', aliceAddress, ['4']);
    await daemon('chain1').mine(1);
    await daemon('chain2').mine(1);
    await balanceIs(alice, 'RLTC1', '6.5');
    await balanceIs(alice, 'RLTC2', '4');
  });
  afterAll(async () => {
    await alice.stop();
    await bob.stop();
  });

  /** Withdraws, checks the amounts add up and litecoind accepts the fee, broadcasts, and waits for the balance to follow. */
  async function sendAndCheck(chain: string, coin: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const before = (await alice.legacy('my_balance', { coin })).body.balance as string;
    const r = await alice.mmrpc('withdraw', { coin, to: bobAddress, ...params });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tx = r.body.result as Record<string, unknown>;
    const fee = sat((tx.fee_details as { amount: string }).amount);
    const accepted = await mempoolAccept(chain, tx.tx_hex as string);
    expect(accepted.allowed, accepted['reject-reason']).toBe(true);
    expect(BigInt(Math.round((accepted.fees?.base ?? 0) * 1e8))).toBe(fee);
    expect(sat(tx.spent_by_me as string) - sat(tx.received_by_me as string)).toBe(-sat(tx.my_balance_change as string));
    // KDF's TransactionDetails keys in order; a withdraw's internal_id is "" and its memo null.
    expect(Object.keys(tx)).toEqual(DETAILS_KEYS);
    expect(Object.keys(tx.fee_details as object)).toEqual(UTXO_FEE_KEYS);
    expect(tx).toMatchObject({ coin, from: [aliceAddress], to: [bobAddress], block_height: 0, transaction_type: 'StandardTransfer', internal_id: '', memo: null });
    const sent = await alice.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex });
    expect(sent.body).toEqual({ tx_hash: tx.tx_hash });
    const after = sat(before) + sat(tx.my_balance_change as string);
    await balanceIs(alice, coin, (Number(after) / 1e8).toFixed(8).replace(/\.?0+$/, ''));
    return tx;
  }

  it('uses the coin default fee: estimatefee has no data on regtest, so 1000 sat per kB of vsize', async () => {
    const tx = await sendAndCheck('chain1', 'RLTC1', { amount: '0.3' });
    const accepted = await mempoolAccept('chain1', tx.tx_hex as string).catch(() => null);
    expect(accepted === null || accepted.allowed === false).toBe(true); // already in the mempool
    const vsize = (await daemon('chain1').call<{ vsize: number }>('decoderawtransaction', [tx.tx_hex])).vsize;
    expect(sat((tx.fee_details as { amount: string }).amount)).toBeGreaterThanOrEqual(BigInt(vsize));
    expect(sat(tx.my_balance_change as string)).toBe(-(30_000_000n + sat((tx.fee_details as { amount: string }).amount)));
  });

  it('uses a fixed fee per started kB (UtxoFixed)', async () => {
    const tx = await sendAndCheck('chain1', 'RLTC1', { amount: '0.25', fee: { type: 'UtxoFixed', amount: '0.0002' } });
    expect(tx.fee_details).toEqual({ type: 'Utxo', coin: 'RLTC1', amount: '0.0002' });
  });

  it('uses a rate per kB (UtxoPerKbyte), proportional to the size', async () => {
    const tx = await sendAndCheck('chain1', 'RLTC1', { amount: '0.2', fee: { type: 'UtxoPerKbyte', amount: '0.0001' } });
    const fee = sat((tx.fee_details as { amount: string }).amount);
    expect(fee).toBeGreaterThan(10_000n / 10n); // 10000 sat/kB over a few hundred bytes
    expect(fee).toBeLessThan(10_000n);
  });

  it("uses the coin's fixed txfee on RLTC2 (1000 sat per started kB)", async () => {
    const tx = await sendAndCheck('chain2', 'RLTC2', { amount: '1.5' });
    expect(tx.fee_details).toEqual({ type: 'Utxo', coin: 'RLTC2', amount: '0.00001' });
    expect(tx.my_balance_change).toBe('-1.50001');
  });

  it('spends nothing twice when withdrawals follow each other before a block', async () => {
    const one = (await alice.mmrpc('withdraw', { coin: 'RLTC2', to: bobAddress, amount: '0.1' })).body.result as { tx_hex: string };
    await alice.legacy('send_raw_transaction', { coin: 'RLTC2', tx_hex: one.tx_hex });
    const two = (await alice.mmrpc('withdraw', { coin: 'RLTC2', to: bobAddress, amount: '0.1' })).body.result as { tx_hex: string };
    expect((await mempoolAccept('chain2', two.tx_hex)).allowed).toBe(true);
    const sent = await alice.legacy('send_raw_transaction', { coin: 'RLTC2', tx_hex: two.tx_hex });
    expect(sent.status).toBe(200);
  });

  it('answers the legacy flat withdraw with the bare TransactionDetails', async () => {
    const r = await alice.legacy('withdraw', { coin: 'RLTC1', to: bobAddress, amount: '0.01' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ coin: 'RLTC1', to: [bobAddress], fee_details: { type: 'Utxo' } });
    expect(r.body.result).toBeUndefined();
  });

  it('withdraws the whole balance with max, the fee taken from the amount', async () => {
    const node = await startWalletNode(freshPassphrase('withdraw max'));
    const address = (await node.activate('RLTC1')).body.address as string;
    await fund('chain1', address, ['0.4', '0.6']);
    await balanceIs(node, 'RLTC1', '1');
    const r = await node.mmrpc('withdraw', { coin: 'RLTC1', to: bobAddress, max: true });
    const tx = r.body.result as Record<string, string>;
    expect(tx.spent_by_me).toBe('1');
    expect(tx.received_by_me).toBe('0');
    expect(tx.my_balance_change).toBe('-1');
    expect((await mempoolAccept('chain1', tx.tx_hex ?? '')).allowed).toBe(true);
    await node.legacy('send_raw_transaction', { coin: 'RLTC1', tx_hex: tx.tx_hex });
    await balanceIs(node, 'RLTC1', '0');
    const empty = await node.mmrpc('withdraw', { coin: 'RLTC1', to: bobAddress, max: true });
    expect(empty).toMatchObject({ status: 400, body: { error_type: 'ZeroBalanceToWithdrawMax' } });
    await node.stop();
  });

  it('signs segwit inputs that litecoind accepts', async () => {
    const node = await startWalletNode(freshPassphrase('withdraw segwit'));
    const address = (await node.activate('RLTC1-segwit')).body.address as string;
    await fund('chain1', address, ['0.7']);
    await balanceIs(node, 'RLTC1-segwit', '0.7');
    const r = await node.mmrpc('withdraw', { coin: 'RLTC1-segwit', to: bobAddress, amount: '0.2' });
    const tx = r.body.result as { tx_hex: string; fee_details: { amount: string } };
    const accepted = await mempoolAccept('chain1', tx.tx_hex);
    expect(accepted.allowed, accepted['reject-reason']).toBe(true);
    expect(BigInt(Math.round((accepted.fees?.base ?? 0) * 1e8))).toBe(sat(tx.fee_details.amount));
    await node.stop();
  });

  const errorCases: [string, Record<string, unknown>, number, string, unknown][] = [
    ['more than the balance', { amount: '1000' }, 400, 'NotSufficientBalance', undefined],
    ['an amount below dust', { amount: '0.00005' }, 400, 'AmountTooLow', { amount: '0.00005', threshold: '0.0000546' }],
    ['a bad checksum', { to: 'mxQ6kCbsEp4G9oSPQrXkSzPHx1iqhyqhSc', amount: '0.1' }, 400, 'InvalidAddress', undefined],
    ['a mainnet address', { to: 'Lbj7o94sCBHrpQ96ioNfbSg6Q2VfipTsa3', amount: '0.1' }, 400, 'InvalidAddress', undefined],
    ['an EVM fee policy', { amount: '0.1', fee: { type: 'EthGas', gas_price: '1', gas: 21000 } }, 400, 'InvalidFeePolicy', undefined],
    ['too many decimals', { amount: '0.123456789' }, 400, 'InvalidRequest', undefined],
    ['a coin that is not active', { coin: 'RLTC2-segwit', amount: '0.1' }, 404, 'NoSuchCoin', { coin: 'RLTC2-segwit' }],
  ];

  it.each(errorCases)('refuses %s with its typed error and broadcasts nothing', async (_what, params, status, type, data) => {
    const mempoolBefore = await daemon('chain1').call<string[]>('getrawmempool');
    const r: Reply = await alice.mmrpc('withdraw', { coin: 'RLTC1', to: bobAddress, ...params });
    expect(r.status).toBe(status);
    expect(r.body.error_type).toBe(type);
    if (data !== undefined) expect(r.body.error_data).toEqual(data);
    const mempoolAfter = await daemon('chain1').call<string[]>('getrawmempool');
    expect(mempoolAfter.filter((t) => !mempoolBefore.includes(t))).toEqual([]);
  });

  it('reports what is available and required when the balance is short', async () => {
    const balance = (await alice.legacy('my_balance', { coin: 'RLTC1' })).body.balance as string;
    const r = await alice.mmrpc('withdraw', { coin: 'RLTC1', to: bobAddress, amount: '1000' });
    const data = r.body.error_data as { coin: string; available: string; required: string };
    expect(data.coin).toBe('RLTC1');
    expect(data.available).toBe(balance);
    expect(sat(data.required)).toBeGreaterThan(sat('1000'));
  });

  it('rejects a transaction litecoind refuses with a Transport error', async () => {
    const r = await alice.legacy('send_raw_transaction', { coin: 'RLTC1', tx_hex: '0100000000' });
    expect(r.status).toBe(500);
    expect(r.body.error).toContain('rejected');
  });
});
