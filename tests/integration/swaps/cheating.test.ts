/**
 * A cheating counterparty on the devnet: the cheater is a real node whose swap coin lies
 * (`cheatingOps.ts`): a dex fee short or paid to itself, an HTLC payment short by one base unit,
 * locked shorter, behind another secret hash, spendable by itself, or never mined. The honest side
 * runs the real engine and must record KDF's error event for it, naming what was wrong, and end
 * with its coins: a maker that saw a bad fee pays nothing, a taker that saw a bad maker payment
 * loses only its dex fee, a maker that saw a bad taker payment refunds its own after its lock.
 * Every case runs at once on its own two wallets; each is reported as its own test.
 */
import { Transaction } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { htlcOutputScript, redeemScriptOf } from '../../../src/node/coins/utxo/swap/payment';
import { daemon } from '../devnet/daemon';
import { installCheat, type Cheat, type CheatRecord } from './cheatingOps';
import { expectSettledSoon, holding } from './ledger';
import { chainOf, coinsFor, eventData, eventTypes, finished, fundsFor, isEvm, matchSwap, SHORT_LOCKTIME, startSwapNode, type Json, type SwapNode } from './swapNode';

const START = ['Started', 'Negotiated'];
/** The honest maker after a bad taker fee: it never pays. */
const MAKER_FEE_REFUSED = [...START, 'TakerFeeValidateFailed', 'Finished'];
/** The honest taker after a bad maker payment: its dex fee is spent, nothing else. */
const takerRefuses = (failure: string): string[] => [...START, 'TakerFeeSent', 'TakerPaymentInstructionsReceived', 'MakerPaymentReceived', 'MakerPaymentWaitConfirmStarted', failure, 'Finished'];
/** The honest maker after a bad taker payment: its own payment comes back once its lock time passed. */
const makerRefunds = (failure: string): string[] => [
  ...START,
  'MakerPaymentInstructionsReceived',
  'TakerFeeValidated',
  'MakerPaymentSent',
  'TakerPaymentReceived',
  'TakerPaymentWaitConfirmStarted',
  failure,
  'MakerPaymentWaitRefundStarted',
  'MakerPaymentRefundStarted',
  'MakerPaymentRefunded',
  'MakerPaymentRefundFinished',
  'Finished',
];

interface Case {
  cheater: 'Maker' | 'Taker';
  cheat: Cheat;
  makerCoin: string;
  takerCoin: string;
  /** The honest side's events, all of them, in order. */
  events: string[];
  /** Its error event and what the error must say. */
  failure: string;
  error: RegExp;
  /** For "short by one unit": the error's two numbers (got, expected) differ by exactly 1. */
  offByOne?: boolean;
}

const UTXO = { makerCoin: 'RLTC1', takerCoin: 'RLTC2' };
const HTLC_MISMATCH = /the payment's output script is not the HTLC of the agreed terms/;
const byTaker = (cheat: Cheat, rest: Omit<Case, 'cheater' | 'cheat' | 'makerCoin' | 'takerCoin'>): Case => ({ cheater: 'Taker', cheat, ...UTXO, ...rest });
const byMaker = (cheat: Cheat, rest: Omit<Case, 'cheater' | 'cheat' | 'makerCoin' | 'takerCoin'>): Case => ({ cheater: 'Maker', cheat, ...UTXO, ...rest });
const takerPaymentBad = { events: makerRefunds('TakerPaymentValidateFailed'), failure: 'TakerPaymentValidateFailed' };
const makerPaymentBad = { events: takerRefuses('MakerPaymentValidateFailed'), failure: 'MakerPaymentValidateFailed' };

const CASES: Case[] = [
  byTaker('dexFeeShort', { events: MAKER_FEE_REFUSED, failure: 'TakerFeeValidateFailed', error: /dex fee output pays (\d+) sat, less than (\d+)/, offByOne: true }),
  byTaker('dexFeeToSelf', { events: MAKER_FEE_REFUSED, failure: 'TakerFeeValidateFailed', error: /output 0 does not pay the dex fee address/ }),
  byTaker('paymentShort', { ...takerPaymentBad, error: /the payment holds (\d+) sat, expected exactly (\d+)/, offByOne: true }),
  byTaker('paymentLockShort', { ...takerPaymentBad, error: HTLC_MISMATCH }),
  byTaker('paymentOtherSecretHash', { ...takerPaymentBad, error: HTLC_MISMATCH }),
  byTaker('paymentToSelf', { ...takerPaymentBad, error: HTLC_MISMATCH }),
  byTaker('paymentNeverConfirms', { events: makerRefunds('TakerPaymentWaitConfirmFailed'), failure: 'TakerPaymentWaitConfirmFailed', error: /not confirmed in time/ }),
  byMaker('paymentShort', { ...makerPaymentBad, error: /the payment holds (\d+) sat, expected exactly (\d+)/, offByOne: true }),
  byMaker('paymentLockShort', { ...makerPaymentBad, error: HTLC_MISMATCH }),
  byMaker('paymentOtherSecretHash', { ...makerPaymentBad, error: HTLC_MISMATCH }),
  byMaker('paymentToSelf', { ...makerPaymentBad, error: HTLC_MISMATCH }),
  byMaker('paymentNeverConfirms', { events: takerRefuses('MakerPaymentWaitConfirmFailed'), failure: 'MakerPaymentWaitConfirmFailed', error: /not confirmed in time/ }),
  // EVM: the taker's ETH payment one wei short; the contract call's value gives it away.
  {
    cheater: 'Taker',
    cheat: 'paymentShort',
    makerCoin: 'RLTC1',
    takerCoin: 'ETHDEV',
    ...takerPaymentBad,
    error: /value (\d+) is invalid, expected (\d+)/,
    offByOne: true,
  },
];

/** Taker coin per maker coin; 0.5 × 1.554 = 0.777 of the taker coin, so the dex fee is exactly 0.001. */
const PRICE = '1.554';
const VOLUME = '0.5';
/** The maker's refund waits for its lock (twice SHORT_LOCKTIME) and the chain's median time past, polled every 15 s. */
const REFUND_DONE_MS = (SHORT_LOCKTIME * 2 + 90) * 1000;

const nameOf = (c: Case): string => `${c.cheater.toLowerCase()} ${c.cheat} ${c.makerCoin}→${c.takerCoin}`;
const nodes: SwapNode[] = [];

async function runCase(c: Case): Promise<void> {
  const name = nameOf(c);
  const [maker, taker] = await Promise.all([
    startSwapNode(`${name} maker`, coinsFor(c.makerCoin, c.takerCoin), fundsFor(c.makerCoin, c.takerCoin)),
    startSwapNode(`${name} taker`, coinsFor(c.takerCoin, c.makerCoin), fundsFor(c.takerCoin, c.makerCoin)),
  ]);
  nodes.push(maker, taker);
  const [cheater, honest] = c.cheater === 'Maker' ? [maker, taker] : [taker, maker];
  const record = installCheat(cheater, c.cheater === 'Maker' ? c.makerCoin : c.takerCoin, c.cheat);
  const coins = [c.makerCoin, c.takerCoin];
  const before = await Promise.all(coins.map((coin) => holding(honest, coin)));

  const uuid = await matchSwap(maker, taker, c.makerCoin, c.takerCoin, PRICE, VOLUME);
  const swap = await finished(honest, uuid, REFUND_DONE_MS);
  expect(eventTypes(swap), `${name}: ${JSON.stringify(eventData(swap, c.failure))}`).toEqual(c.events);
  expect(swap.is_success).toBe(false);
  const error = eventData(swap, c.failure)?.error as string;
  expect(error).toMatch(c.error);
  if (c.offByOne) {
    const [, got, expected] = c.error.exec(error)!;
    expect(BigInt(expected!) - BigInt(got!), error).toBe(1n);
  }
  await expectCheaterSent(c, cheater, uuid, swap);
  if (c.cheat.startsWith('payment') && !isEvm(c.takerCoin)) expectTheLieOnChain(c, record, swap);
  // To the satoshi/wei: nothing but the honest side's own fee, payment and refund moved its coins.
  await Promise.all(coins.map((coin, i) => expectSettledSoon(honest, swap, before[i]!)));
}

/** The payment the honest side refused is the one the cheater's engine stored as sent; one never mined is still in the mempool. */
async function expectCheaterSent(c: Case, cheater: SwapNode, uuid: string, honestSwap: Json): Promise<void> {
  const [sent, received, coin] =
    c.cheater === 'Maker'
      ? ['MakerPaymentSent', 'MakerPaymentReceived', c.makerCoin]
      : c.cheat.startsWith('dexFee')
        ? ['TakerFeeSent', undefined, c.takerCoin]
        : ['TakerPaymentSent', 'TakerPaymentReceived', c.takerCoin];
  const cheaterSwap = (await cheater.status(uuid))!;
  const tx = eventData(cheaterSwap, sent);
  expect(tx?.tx_hash, `${nameOf(c)}: the cheater's ${sent}`).toBeTruthy();
  if (received) expect(eventData(honestSwap, received)?.tx_hash).toBe(tx!.tx_hash);
  if (c.cheat === 'paymentNeverConfirms') {
    const onChain = await daemon(chainOf(coin)).call<{ confirmations?: number }>('getrawtransaction', [tx!.tx_hash, true]);
    expect(onChain.confirmations ?? 0).toBe(0);
  }
}

/**
 * The payment the honest side refused pays, in output 0, the HTLC of the terms the cheater sent,
 * and those differ from the agreed ones (as the honest side stored them) in the one way the cheat says.
 */
function expectTheLieOnChain(c: Case, record: CheatRecord, honestSwap: Json): void {
  expect(record.paid, nameOf(c)).toHaveLength(1);
  const sent = record.paid[0]!;
  const received = eventData(honestSwap, c.cheater === 'Maker' ? 'MakerPaymentReceived' : 'TakerPaymentReceived')!;
  const output = Transaction.fromHex(received.tx_hex as string).outs[0]!;
  expect(bytesToHex(output.script)).toBe(bytesToHex(htlcOutputScript(redeemScriptOf(sent))));
  const started = eventData(honestSwap, 'Started')!;
  const negotiated = eventData(honestSwap, 'Negotiated')!;
  const byMaker = c.cheater === 'Maker';
  const agreed = {
    amount: (byMaker ? started.maker_amount : started.taker_amount) as string,
    lock: (byMaker ? negotiated.maker_payment_locktime : negotiated.taker_payment_locktime) as number,
    secretHash: (byMaker ? negotiated.secret_hash : started.secret_hash) as string,
    receiver: started.my_persistent_pub as string,
  };
  const lie = {
    amount: sent.amount.toDecimalString(),
    lock: sent.timeLock,
    secretHash: bytesToHex(sent.secretHash),
    receiver: bytesToHex(sent.receiverPubkey),
  };
  const differs = Object.keys(agreed).filter((k) => agreed[k as keyof typeof agreed] !== lie[k as keyof typeof lie]);
  const expected: Record<string, string[]> = {
    paymentShort: ['amount'],
    paymentLockShort: ['lock'],
    paymentOtherSecretHash: ['secretHash'],
    paymentToSelf: ['receiver'],
    paymentNeverConfirms: [],
  };
  expect(differs, `${nameOf(c)}: ${JSON.stringify({ agreed, lie })}`).toEqual(expected[c.cheat]);
  if (c.cheat === 'paymentLockShort') expect(lie.lock).toBe(agreed.lock - 60);
}

/** Each case's outcome: null once it passed, else its error; every case starts in `beforeAll`. */
const outcomes = new Map<string, Promise<unknown>>();

describe('a cheating counterparty: the honest side records the error event and keeps its coins', () => {
  beforeAll(() => {
    for (const c of CASES) {
      outcomes.set(
        nameOf(c),
        runCase(c).then(
          () => null,
          (e: unknown) => e,
        ),
      );
    }
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it.each(CASES.map((c) => [nameOf(c), c.failure] as const))('%s → the honest side records %s', async (name) => {
    const error = await outcomes.get(name);
    if (error) throw error;
  }, 480_000);
});
