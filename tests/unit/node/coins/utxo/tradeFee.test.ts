import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fixture from '../../../../fixtures/swaps/utxo-trade-fees.json';
import { MmNumber } from '../../../../../src/shared/number';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { DEX_FEE_ADDR_PUBKEY, type FeeApproxStage, type TradeFee } from '../../../../../src/node/coins/tradeFee';
import { raiseDynamicRate, UtxoTradeFees, type UtxoFeeView } from '../../../../../src/node/coins/utxo/tradeFee';
import { estimateTxVsize, feeForVsize, opReturnScript, p2shScript, txFormat } from '../../../../../src/node/coins/utxo/tx';
import { bytesToHex, hash160, hexToBytes } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';

const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../../public/coins.json', import.meta.url), 'utf8')));
const BOB_P2PKH = hexToBytes('76a914b506088aa2a3b4bb1da3a29bf00ce1a550ea1df988ac');
const BOB_P2WPKH = hexToBytes('0014b506088aa2a3b4bb1da3a29bf00ce1a550ea1df9');

type Case = (typeof fixture.cases)[number];

function view(ticker: string, unspents: Case['unspents']): UtxoFeeView {
  const config = coins.get(ticker) as CoinConfig;
  const segwit = config.utxo?.addressFormat.format === 'segwit';
  return {
    ticker,
    config,
    utxo: config.utxo!,
    txFormat: txFormat(config.utxo!, ticker),
    decimals: 8,
    script: segwit ? BOB_P2WPKH : BOB_P2PKH,
    inputKind: segwit ? 'p2wpkh' : 'p2pkh',
    // Regtest's estimatefee answer: no data.
    api: { estimateFee: async () => -1 },
    spendableUnspents: async () => unspents.map((u) => ({ ...u, value: BigInt(u.value) })),
  };
}

async function run(c: Case): Promise<TradeFee> {
  const fees = new UtxoTradeFees(view(c.coin, c.unspents));
  const stage = c.call.stage as FeeApproxStage;
  if ('sender' in c.call) {
    const v = c.call.sender as { exact?: string; upperBound?: string };
    return fees.senderTradeFee(v.exact !== undefined ? { exact: MmNumber.parse(v.exact) } : { upperBound: MmNumber.parse(v.upperBound) }, stage);
  }
  if ('receiver' in c.call) return fees.receiverTradeFee(stage);
  const d = c.call.feeToSend as { fee: string; burn: string };
  return fees.feeToSendTakerFee({ fee: MmNumber.parse(d.fee), burn: MmNumber.parse(d.burn) }, stage);
}

describe('UtxoTradeFees (KDF utxo_common trade fees)', () => {
  it.each(fixture.cases)('$description', async (c) => {
    const outcome = await run(c).then(
      (fee) => ({ fee }),
      (error: unknown) => ({ error }),
    );
    if ('error' in c) {
      expect('error' in outcome, JSON.stringify(outcome)).toBe(true);
      const e = (outcome as { error: MmError }).error;
      expect(e).toBeInstanceOf(MmError);
      expect({ errorType: e.errorType, errorData: e.errorData }).toEqual(c.error);
      return;
    }
    const fee = (outcome as { fee: TradeFee }).fee;
    expect({ coin: fee.coin, amount: fee.amount.toDecimalString(), paidFromTradingVol: fee.paidFromTradingVol }).toEqual(c.expected);
  });

  it.each(fixture.raiseDynamicRate)('raises $rate sat/kB by $percent% at $stage to $expected', (c) => {
    expect(raiseDynamicRate(BigInt(c.rate), c.percent, c.stage as FeeApproxStage).toString()).toBe(c.expected);
  });

  it('knows the dust, min_trading_vol (10 × dust) and the spendable balance', async () => {
    const fees = new UtxoTradeFees(view('RLTC1', fixture.cases[5]!.unspents));
    expect(fees.minTxAmount.toDecimalString()).toBe('0.0000546');
    expect(fees.minTradingVol.toDecimalString()).toBe('0.000546');
    expect((await fees.baseCoinBalance()).toDecimalString()).toBe('1');
  });

  it('prices a payment from 1,200 small outputs within the standard size, as withdraw plans it', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ txid: (i + 1).toString(16).padStart(64, '0'), vout: 0, value: '100000', height: 1 }));
    const fees = new UtxoTradeFees(view('RLTC1', many));
    // an exact volume needing more inputs than fit: the planner's typed error, unchanged
    const err = await fees.senderTradeFee({ exact: MmNumber.parse('1') }, 'TradePreimage').then(
      () => null,
      (e: unknown) => e as MmError,
    );
    expect(err?.errorType).toBe('TransactionTooLarge');
    expect(err?.errorData).toEqual({ inputs: 1002, max_inputs: 674 });
    // an upper bound of the whole balance (max_taker_vol's question): the fee of the 675 largest that
    // fit the HTLC outputs, sized with a change output as for any payment
    const rate = raiseDynamicRate(1000n, coins.get('RLTC1')!.utxo!.txfeeVolatilityPercent, 'TradePreimage');
    const withChange = [
      { script: p2shScript(new Uint8Array(20)), value: 0n },
      { script: opReturnScript(new Uint8Array(20)), value: 0n },
      { script: BOB_P2PKH, value: 0n },
    ];
    const fee = await fees.senderTradeFee({ upperBound: MmNumber.parse('1.2') }, 'TradePreimage');
    expect(fee.amount.toDecimalString()).toBe(MmNumber.fromBaseUnits(feeForVsize({ kind: 'dynamic', satPerKb: rate }, estimateTxVsize(675, withChange, 'p2pkh')), 8).toDecimalString());
  });

  it('pays the dex fee to hash160 ca1e04745e8ca0c60d8c5881531d51bec470743f of KDF dex fee key', () => {
    expect(bytesToHex(hash160(hexToBytes(DEX_FEE_ADDR_PUBKEY)))).toBe('ca1e04745e8ca0c60d8c5881531d51bec470743f');
  });
});
