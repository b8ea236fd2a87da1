/**
 * EthSwapOps refuses bad terms before it asks the chain anything (a fake chain fails any call),
 * reads counterparty bytes as the chain hashes them, and extracts the secret of a fixture spend.
 */
import { getBytes, hexlify } from 'ethers';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../../src/shared/number';
import type { EthChain } from '../../../../../../src/node/coins/eth/ethChain';
import { EthSwapOps } from '../../../../../../src/node/coins/eth/swapOps';
import { SwapValidationError, type HtlcTerms } from '../../../../../../src/node/coins/swapOps';
import { keyPairFromPrivkey } from '../../../../../../src/node/crypto';
import f from '../../../../../fixtures/swaps/eth-swap-txs.json';

const bytes = (hex: string): Uint8Array => getBytes(`0x${hex}`);
const FALLBACK = '0x8500AFc0bc5214728082163326C2FF0C73f4a871';

function ops(): { ops: EthSwapOps; asked: string[] } {
  const asked: string[] = [];
  const api = new Proxy({}, { get: (_t, method) => () => Promise.reject(new Error(`asked ${String(method)}`)).finally(() => asked.push(String(method))) });
  const keyPair = keyPairFromPrivkey(new Uint8Array(32).fill(0x22));
  const chain = { address: f.receiver, chainId: 31337, keyPair, api, broadcast: () => Promise.reject(new Error('broadcast')) } as unknown as EthChain;
  const coin = { chain, contract: null, decimals: 18, swapContractAddress: f.contract, fallbackSwapContract: FALLBACK, gasPrice: () => Promise.resolve(1n) };
  return { ops: new EthSwapOps(coin, () => 0), asked };
}

const terms: HtlcTerms = {
  timeLock: f.lockTime,
  senderPubkey: bytes(f.senderPubkey),
  receiverPubkey: bytes(f.receiverPubkey),
  secretHash: bytes(f.secretHash),
  amount: MmNumber.parse('0.75'),
  swapContract: f.contract,
};
const payment = { txHex: f.ethPayment.txHex, txHash: f.ethPayment.hash.slice(2) };

async function refusedUnasked(run: (o: EthSwapOps) => Promise<unknown>, reason: string): Promise<void> {
  const { ops: o, asked } = ops();
  const error = await run(o).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SwapValidationError);
  expect((error as Error).message).toContain(reason);
  expect(asked).toEqual([]);
}

describe('EthSwapOps', () => {
  it('has the wallet key and the coin contract for negotiation', () => {
    const { ops: o } = ops();
    expect(o.htlcPubkey).toEqual(bytes(f.receiverPubkey));
    expect(hexlify(o.swapContractBytes)).toBe(f.contract.toLowerCase());
  });

  it.each([
    ['a contract that is not the coin’s', { swapContract: f.token }, "neither the coin's swap_contract_address"],
    ['a 32-byte secret hash', { secretHash: new Uint8Array(32) }, 'Secret hash must be 20 bytes'],
    ['a lock time past u32', { timeLock: 2 ** 32 }, 'is not a u32'],
    ['a negative lock time', { timeLock: -1 }, 'is not a u32'],
    ['a sender key that is no key', { senderPubkey: new Uint8Array(33).fill(9) }, 'sender pubkey is not a valid'],
  ] as const)('refuses %s before asking the chain', async (_what, change, reason) => {
    await refusedUnasked((o) => o.validatePayment(payment, { ...terms, ...change }), reason);
  });

  it('accepts the fallback contract as far as the terms go', async () => {
    const { ops: o, asked } = ops();
    await expect(o.validatePayment(payment, { ...terms, swapContract: FALLBACK })).rejects.toThrow('asked transaction');
    expect(asked).toEqual(['transaction']);
  });

  it('refuses a wrong secret and a zero payment without sending', async () => {
    await refusedUnasked((o) => o.spendPayment(payment, terms, new Uint8Array(32).fill(1)), 'does not hash');
    await refusedUnasked((o) => o.sendPayment({ ...terms, amount: MmNumber.parse('0.0000000000000000001') }), 'is not positive');
  });

  it('refuses bytes whose hash is not the claimed one before looking them up', async () => {
    await refusedUnasked((o) => o.validatePayment({ ...payment, txHash: f.erc20Payment.hash.slice(2) }, terms), 'not to the claimed');
  });

  it('reads counterparty bytes as a transaction with its hash', () => {
    const { ops: o } = ops();
    expect(o.txFromBytes(bytes(f.receiverSpend.txHex))).toEqual({ txHex: f.receiverSpend.txHex, txHash: f.receiverSpend.hash.slice(2) });
    expect(() => o.txFromBytes(new Uint8Array([1, 2, 3]))).toThrow(SwapValidationError);
  });

  it('extracts the secret of a receiverSpend, checked against the secret hash', () => {
    const { ops: o } = ops();
    const spend = { txHex: f.receiverSpend.txHex, txHash: f.receiverSpend.hash.slice(2) };
    expect(hexlify(o.extractSecret(spend, bytes(f.secretHash)))).toBe(`0x${f.secret}`);
    expect(() => o.extractSecret(spend, new Uint8Array(20))).toThrow(SwapValidationError);
    expect(() => o.extractSecret(payment, bytes(f.secretHash))).toThrow('does not call receiverSpend');
  });
});
