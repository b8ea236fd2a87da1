/**
 * A QRC20 token's balance and withdraw over a fake QTUM Electrum server, against KDF's withdraw
 * vector (fee details, and the transfer script of exactly that withdraw) and its refusals; a
 * refused withdraw broadcasts nothing.
 */
import { address as baddress, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { bytesToHex } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';
import { txDetailsToWire } from '../../../../../src/node/coins/wire';
import type { WithdrawFee, WithdrawRequest } from '../../../../../src/node/coins/coin';
import { balanceEvents, tokenOnFakeServer } from './fakeQtumElectrum';
import { fixture, TEST_COINS, TEST_SWAP_CONTRACT } from './fixtures';

interface WireRequest {
  to: string;
  amount?: string;
  max?: boolean;
  fee?: { type: string; gas_limit?: number; gas_price?: number; amount?: string };
}
interface Fixture {
  privKey: number[];
  address: string;
  unspent: { tx_hash: string; tx_pos: number; height: number; value: number };
  tokenBalance: string;
  cases: { description: string; request: WireRequest; expected: Record<string, unknown> & { transferScript?: string; change: string } }[];
  errors: { description: string; request: WireRequest; errorType: string; errorData: unknown }[];
}
const F = fixture<Fixture>('withdraw.json');

function toRequest(r: WireRequest, p2sh: string): WithdrawRequest {
  let fee: WithdrawFee | null = null;
  if (r.fee?.type === 'Qrc20Gas') fee = { type: 'Qrc20Gas', gasLimit: r.fee.gas_limit!, gasPrice: r.fee.gas_price! };
  else if (r.fee?.type === 'UtxoFixed') fee = { type: 'UtxoFixed', amount: MmNumber.parse(r.fee.amount!) };
  return { to: r.to === '<p2sh of our key hash>' ? p2sh : r.to, amount: r.amount ? MmNumber.parse(r.amount) : null, max: r.max ?? false, fee };
}

async function token() {
  const t = await tokenOnFakeServer(TEST_COINS.token, Uint8Array.from(F.privKey), TEST_SWAP_CONTRACT, { listed: [F.unspent] });
  t.state.balances.set(bytesToHex(t.coin.myContractAddress), BigInt(F.tokenBalance));
  const p2sh = baddress.toBase58Check(Buffer.from(t.coin.myContractAddress), TEST_COINS.token.utxo!.p2shtype);
  return { ...t, p2sh };
}

describe('QRC20 balance and withdraw', () => {
  it("derives KDF's address for the test key and reads the balance from balanceOf", async () => {
    const { coin, s } = await token();
    expect(coin.address).toBe(F.address);
    expect(await coin.balance()).toEqual({ spendable: BigInt(F.tokenBalance), unspendable: 0n });
    const [call] = s.calls('blockchain.contract.call');
    expect(call!.params).toEqual(['d362e096e873eb7907e205fadc6175c6fec7bc44', `70a08231${'0'.repeat(24)}${bytesToHex(coin.myContractAddress)}`, '']);
  });

  it.each(F.cases)('$description', async ({ request, expected }) => {
    const { coin, p2sh, state } = await token();
    const wire = txDetailsToWire(await coin.withdraw(toRequest(request, p2sh)));
    const { transferScript, change, ...fields } = expected;
    expect(wire).toMatchObject({ ...fields, from: [F.address], to: [request.to], coin: 'QRC20', block_height: 0, internal_id: '', transaction_type: 'StandardTransfer' });
    const tx = Transaction.fromHex(String(wire.tx_hex));
    expect(tx.getId()).toBe(wire.tx_hash);
    expect(tx.ins.map((i) => bytesToHex(Uint8Array.from(i.hash).reverse()))).toEqual([F.unspent.tx_hash]);
    expect(tx.outs.map((o) => o.value)).toEqual([0n, BigInt(change)]);
    if (transferScript) expect(bytesToHex(tx.outs[0]!.script)).toBe(transferScript);
    expect(bytesToHex(tx.outs[1]!.script)).toBe(bytesToHex(coin.qtum.script));
    expect(state.broadcasts).toEqual([]);
  });

  it.each(F.errors)('refuses $description and broadcasts nothing', async ({ request, errorType, errorData }) => {
    const { coin, p2sh, state } = await token();
    const err = await coin.withdraw(toRequest(request, p2sh)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MmError);
    expect({ errorType: (err as MmError).errorType, errorData: (err as MmError).errorData }).toEqual({ errorType, errorData });
    expect(state.broadcasts).toEqual([]);
  });

  it('broadcasts a signed withdraw through its QTUM side', async () => {
    const { coin, state } = await token();
    const details = await coin.withdraw(toRequest(F.cases[0]!.request, ''));
    expect(await coin.sendRawTransaction(details.txHex)).toBe(details.txHash);
    expect(state.broadcasts).toEqual([details.txHex]);
  });

  it.each([
    { what: 'no executionResult', raw: undefined, answer: { address: 'x' } },
    { what: 'an output that is not hex', raw: { output: 'zz' } },
    { what: 'an output longer than 4096 bytes', raw: { output: '00'.repeat(4097) } },
    { what: 'an output shorter than a U256', raw: { output: '00'.repeat(31) } },
  ])('answers a balance of $what with a Transport error', async ({ raw }) => {
    const { coin, state } = await token();
    state.rawOutput = raw ?? null;
    const err = await coin.balance().then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as MmError).errorType).toBe('Transport');
  });

  it('sends the token balance, never the QTUM one, as coin_balance', async () => {
    const { coin, s, state, events } = await token();
    state.balances.set(bytesToHex(coin.myContractAddress), 123_000_000n);
    s.notifyAll('blockchain.headers.subscribe', [{ height: 101, hex: '00'.repeat(80) }]);
    await expect.poll(() => balanceEvents(events)).toEqual([{ coin: 'QRC20', balance: '1.23', unspendable_balance: '0' }]);
  });
});
