/**
 * A QRC20 token's swap fee estimates (trade_preimage) against KDF's asserted figures: gas of the
 * contract calls the swap would make (approves as the allowance asks, erc20Payment,
 * receiverSpend, the dex fee transfer) plus the QTUM miner fee, all paid in the platform coin.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { NotSufficientBalanceError } from '../../../../../src/node/coins/tradeFee';
import { kdfTradeFee } from '../../../../../src/node/coins/kdfTradeFee';
import { tokenOnFakeServer } from './fakeQtumElectrum';
import { fixture, TEST_COINS, TEST_SWAP_CONTRACT } from './fixtures';

interface Fixture {
  unspent: { tx_hash: string; tx_pos: number; height: number; value: number };
  sender: { description: string; allowance: string; value: string; expected: string; kdfTotalWithRefund: string }[];
  receiver: string;
  takerFee: { dexFee: string; expected: string };
  getTradeFee: { expected: string };
  noQtum: { value: string; stage: 'OrderIssue'; errorData: { coin: string; available: string; required: string } };
}
const F = fixture<Fixture>('tradeFee.json');
const KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
/** KDF's refund part of its sender figures: one senderRefund call and the 1000 sat miner fee. */
const KDF_REFUND_PART = MmNumber.parse('0.04001');

const token = (listed = [F.unspent], allowance = 0n) => tokenOnFakeServer(TEST_COINS.token, KEY, TEST_SWAP_CONTRACT, { listed, allowance });

describe('QRC20 trade fees', () => {
  it.each(F.sender)('sender fee, $description', async ({ allowance, value, expected, kdfTotalWithRefund }) => {
    expect(MmNumber.parse(expected).add(KDF_REFUND_PART).toDecimalString()).toBe(kdfTotalWithRefund);
    const { coin } = await token(undefined, BigInt(allowance));
    const fee = await coin.tradeFees.senderTradeFee({ exact: MmNumber.parse(value) }, 'WithoutApprox');
    expect({ coin: fee.coin, amount: fee.amount.toDecimalString(), paid: fee.paidFromTradingVol }).toEqual({ coin: 'QTUM', amount: expected, paid: false });
  });

  it("get_trade_fee: KDF's rough fee, the fee rate per kB and two approves and an erc20Payment", async () => {
    const { coin } = await token();
    const fee = await kdfTradeFee(coin);
    expect([fee.coin, fee.amount.toDecimalString(), fee.paidFromTradingVol]).toEqual(['QTUM', F.getTradeFee.expected, false]);
  });

  it('receiver fee: one receiverSpend call', async () => {
    const { coin } = await token();
    const fee = await coin.tradeFees.receiverTradeFee('WithoutApprox');
    expect([fee.coin, fee.amount.toDecimalString(), fee.paidFromTradingVol]).toEqual(['QTUM', F.receiver, false]);
  });

  it('taker fee: one transfer call', async () => {
    const { coin } = await token();
    const fee = await coin.tradeFees.feeToSendTakerFee({ fee: MmNumber.parse(F.takerFee.dexFee), burn: MmNumber.ZERO }, 'WithoutApprox');
    expect([fee.coin, fee.amount.toDecimalString()]).toEqual(['QTUM', F.takerFee.expected]);
  });

  it("without QTUM: NotSufficientBalance of the platform, KDF's required gas", async () => {
    const { coin } = await token([]);
    const err = await coin.tradeFees.senderTradeFee({ exact: MmNumber.parse(F.noQtum.value) }, F.noQtum.stage).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NotSufficientBalanceError);
    const e = err as NotSufficientBalanceError;
    expect({ coin: e.coin, available: e.available.toDecimalString(), required: e.required.toDecimalString() }).toEqual(F.noQtum.errorData);
  });

  it('reports the token as min volume unit, the QTUM balance as base balance and the token balance as most a payment moves', async () => {
    const { coin, state } = await token();
    state.balances.set(Buffer.from(coin.myContractAddress).toString('hex'), 700_000_000n);
    expect(coin.tradeFees.minTxAmount.toDecimalString()).toBe('0');
    expect(coin.tradeFees.minTradingVol.toDecimalString()).toBe('0.00000001');
    expect((await coin.tradeFees.baseCoinBalance()).toDecimalString()).toBe('10');
    expect((await coin.tradeFees.maxPaymentSpend()).toDecimalString()).toBe('7');
  });
});
