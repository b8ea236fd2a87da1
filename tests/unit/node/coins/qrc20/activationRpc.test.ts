/**
 * QRC20 through the node's RPC, over a fake QTUM Electrum server on 127.0.0.1: `electrum`
 * activation of QC-QRC20 (public/coins.json) beside its QTUM platform, `my_balance`, `withdraw`,
 * `send_raw_transaction` and `trade_preimage`; bad activation requests change nothing.
 */
import { address as baddress, Transaction } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../../../src/node/crypto';
import { RPC_PASSWORD, startedNode, type TestNode } from '../../testNode';
import { FakeElectrumServer } from '../utxo/electrum/fakeElectrumServer';
import { qtumChainState, qtumHandlers } from './fakeQtumElectrum';
import { fixture } from './fixtures';

interface Fixture {
  swapContract: string;
  unspent: { tx_hash: string; tx_pos: number; height: number; value: number };
  tokenBalance: string;
  decimals: number;
  activation: Record<string, unknown>;
  withdraw: { request: { toHash160: string; amount: string }; fee_details: Record<string, unknown>; my_balance_change: string };
  tradePreimage: { request: Record<string, unknown>; base_coin_fee: Record<string, unknown>; rel_coin_fee: Record<string, unknown> };
}
const F = fixture<Fixture>('rpc.json');
const QC_CONTRACT = 'f2033ede578e17fa6231047265010445bca8cf1c';
const QTUM_PUBTYPE = 58;

let t: TestNode;
let s: FakeElectrumServer;
const state = qtumChainState({ listed: [F.unspent], decimals: BigInt(F.decimals) });

async function flat(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await t.host.handleRpc({ userpass: RPC_PASSWORD, ...body });
  return { status: reply.status, body: reply.body as Record<string, unknown> };
}

const servers = () => [{ url: s.url, protocol: 'WS' }];

beforeAll(async () => {
  s = await FakeElectrumServer.start({ handlers: qtumHandlers(state, QC_CONTRACT, '') });
  t = await startedNode();
});
afterAll(async () => {
  await t.host.handleControl({ op: 'stop' });
  await s.stop();
});

describe('QRC20 over the RPC', () => {
  let address = '';

  it('activates QTUM, then refuses bad QC-QRC20 activations and leaves the token inactive', async () => {
    const qtum = await flat({ method: 'electrum', coin: 'QTUM', servers: servers() });
    expect(qtum.body).toMatchObject({ result: 'success', coin: 'QTUM', balance: '1' });
    address = String(qtum.body.address);
    const hash = bytesToHex(baddress.fromBase58Check(address).hash);
    state.balances.set(hash, BigInt(F.tokenBalance));

    for (const [extra, text] of [
      [{}, "Error parsing the 'swap_contract_address'"],
      [{ swap_contract_address: '0x2f754733' }, "Error parsing the 'swap_contract_address'"],
      [{ swap_contract_address: F.swapContract, fallback_swap_contract: 7 }, "Error parsing the 'fallback_swap_contract'"],
      [{ swap_contract_address: `${F.swapContract}00` }, "Error parsing the 'swap_contract_address'"],
    ] as const) {
      const r = await flat({ method: 'electrum', coin: 'QC-QRC20', servers: servers(), ...extra });
      expect(r.status).toBe(500);
      expect(String(r.body.error)).toContain(text);
    }
    const enabled = await flat({ method: 'get_enabled_coins' });
    expect(enabled.body.result).toEqual([{ ticker: 'QTUM', address }]);
  });

  it('activates QC-QRC20 with its decimals from the contract, its balance from balanceOf and its history from Transfer events', async () => {
    const before = s.calls('blockchain.contract.call').length;
    const r = await flat({ method: 'electrum', coin: 'QC-QRC20', servers: servers(), swap_contract_address: F.swapContract, fallback_swap_contract: F.swapContract, tx_history: true });
    expect(r.body).toEqual({ ...F.activation, address });
    const calls = s.calls('blockchain.contract.call').slice(before).map((c) => String(c.params[1]).slice(0, 8));
    expect(calls).toEqual(['313ce567', '70a08231']);
    const balance = await flat({ method: 'my_balance', coin: 'QC-QRC20' });
    expect(balance.body).toEqual({ coin: 'QC-QRC20', balance: F.activation.balance, unspendable_balance: '0', address });
    await expect
      .poll(async () => (await flat({ method: 'my_tx_history', coin: 'QC-QRC20' })).body.result)
      .toMatchObject({ transactions: [], sync_status: { state: 'Finished' } });
    const again = await flat({ method: 'electrum', coin: 'QC-QRC20', servers: servers(), swap_contract_address: F.swapContract });
    expect(String(again.body.error)).toContain('already initialized');
  });

  it('answers the UTXO key and address RPCs for the token as for its QTUM side', async () => {
    const valid = await flat({ method: 'validateaddress', coin: 'QC-QRC20', address });
    expect(valid.body).toEqual({ result: { is_valid: true } });
    const segwit = await flat({ method: 'validateaddress', coin: 'QC-QRC20', address: 'qc1qxxxx' });
    expect((segwit.body.result as { is_valid: boolean }).is_valid).toBe(false);
    const [token, qtum] = await Promise.all(['QC-QRC20', 'QTUM'].map((coin) => flat({ method: 'show_priv_key', coin })));
    expect(token!.body.result).toMatchObject({ coin: 'QC-QRC20', priv_key: (qtum!.body.result as { priv_key: string }).priv_key });
  });

  it('withdraws with Qrc20 fee details, and send_raw_transaction broadcasts it', async () => {
    const to = baddress.toBase58Check(Buffer.from(F.withdraw.request.toHash160, 'hex'), QTUM_PUBTYPE);
    const r = await flat({ method: 'withdraw', coin: 'QC-QRC20', to, amount: F.withdraw.request.amount });
    expect(r.body).toMatchObject({ coin: 'QC-QRC20', from: [address], to: [to], fee_details: F.withdraw.fee_details, my_balance_change: F.withdraw.my_balance_change });
    const tx = Transaction.fromHex(String(r.body.tx_hex));
    const call = bytesToHex(tx.outs[0]!.script);
    expect(call).toContain(`a9059cbb${'0'.repeat(24)}${F.withdraw.request.toHash160}`);
    expect(call.endsWith(`14${QC_CONTRACT}c2`)).toBe(true);
    expect(state.broadcasts).toEqual([]);
    const sent = await flat({ method: 'send_raw_transaction', coin: 'QC-QRC20', tx_hex: r.body.tx_hex });
    expect(sent.body).toEqual({ tx_hash: r.body.tx_hash });
    expect(state.broadcasts).toEqual([r.body.tx_hex]);
  });

  it('estimates trade_preimage fees in QTUM: approve + erc20Payment gas and the miner fee', async () => {
    const reply = await t.host.handleRpc({ userpass: RPC_PASSWORD, mmrpc: '2.0', method: 'trade_preimage', params: F.tradePreimage.request });
    const result = (reply.body as { result: Record<string, unknown> }).result;
    expect(result.base_coin_fee).toMatchObject(F.tradePreimage.base_coin_fee);
    expect(result.rel_coin_fee).toMatchObject(F.tradePreimage.rel_coin_fee);
  });
});

describe('QRC20 without a history sync', () => {
  it("answers my_tx_history's current_block from the QTUM tip (KDF's `current_block` of the platform), not 0", async () => {
    const node = await startedNode();
    try {
      const call = async (body: Record<string, unknown>) => (await node.host.handleRpc({ userpass: RPC_PASSWORD, ...body })).body as Record<string, unknown>;
      await call({ method: 'electrum', coin: 'QTUM', servers: servers() });
      await call({ method: 'electrum', coin: 'QC-QRC20', servers: servers(), swap_contract_address: F.swapContract });
      // The fake server's tip (fakeElectrumServer.ts `tip`) is block 100.
      expect((await call({ method: 'my_tx_history', coin: 'QC-QRC20' })).result).toMatchObject({ current_block: 100, sync_status: { state: 'NotEnabled' } });
    } finally {
      await node.host.handleControl({ op: 'stop' });
    }
  });
});
