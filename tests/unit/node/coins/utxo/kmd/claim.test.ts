/**
 * KMD's interest in wallet transactions, as KDF's `calc_interest_if_required`: a withdraw claims
 * its inputs' interest into the change with nLockTime at the chain's median time past and reports
 * `kmd_rewards`; without interest the lock time is an hour back plus 2 × 777 s; other coins are
 * untouched. `kmd_rewards_info` lists every output with its rewards or the reason it has none.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../../src/shared/number';
import { parseCoinsConfig, type CoinConfig } from '../../../../../../src/node/coins/config';
import { decodeAddress, myAddress } from '../../../../../../src/node/coins/utxo/address';
import type { ElectrumApi } from '../../../../../../src/node/coins/utxo/electrumApi';
import { kmdRewardsInfo } from '../../../../../../src/node/coins/utxo/kmd/rewardsInfo';
import { softwareSigner } from '../../../../../../src/node/coins/utxo/signer';
import { parseTx, txFormat, ZcashTransaction, type TxPlan, type Unspent } from '../../../../../../src/node/coins/utxo/tx';
import type { UtxoCoinView } from '../../../../../../src/node/coins/utxo/utxoCoinView';
import { buildWithdraw } from '../../../../../../src/node/coins/utxo/withdraw';
import { keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../../src/node/crypto';

/** KMD and DOC as the coins file has them (public/coins.json). */
const { coins } = parseCoinsConfig([
  { coin: 'KMD', fname: 'Komodo', pubtype: 60, p2shtype: 85, wiftype: 188, txversion: 4, overwintered: 1, txfee: 1000, mm2: 1, protocol: { type: 'UTXO' } },
  { coin: 'DOC', fname: 'DOC', pubtype: 60, p2shtype: 85, wiftype: 188, txversion: 4, overwintered: 1, txfee: 1000, mm2: 1, protocol: { type: 'UTXO' } },
]);
const key = keyPairFromPrivkey(privkeyFromPassphrase('kmd interest passphrase'));
const OTHER = 'RJTYiYeJ8eVvJ53n2YbrVmxWNNMVZjDGLh';

/** The chain's median time past: 11 headers whose median is this. */
const MTP = 1_700_000_000;
const NOW = MTP + 900;
const SAT = 100_000_000n;

/** A funding transaction of the given lock time, as the server returns it raw. */
function fundingHex(lockTime: number): string {
  const tx = new ZcashTransaction(4, 0x76b809bb);
  tx.addInput(new Uint8Array(32).fill(5), 0, 0xfffffffe);
  tx.addOutput(new Uint8Array(25), 1n);
  tx.locktime = lockTime;
  return tx.toHex();
}

function kmdView(config: CoinConfig, fundingLockTimes: Record<string, number>): UtxoCoinView {
  const address = myAddress(config, key.publicKey);
  const signer = softwareSigner(key);
  const api = {
    headerTimes: async (_start: number, count: number) => Array.from({ length: Math.min(count, 11) }, (_, i) => MTP - 5 * 60 + i * 60),
    rawTransactions: async (ids: string[]) => ids.map((id) => fundingHex(fundingLockTimes[id] ?? 0)),
  } as unknown as ElectrumApi;
  return {
    ticker: config.ticker,
    config,
    utxo: config.utxo!,
    txFormat: txFormat(config.utxo!, config.ticker),
    decimals: 8,
    address,
    script: decodeAddress(config, address).script,
    scripthash: 'unused',
    inputKind: 'p2pkh',
    signer,
    api,
    height: 3_000_000,
    nowSec: () => NOW,
    spendableUnspents: async () => [],
    walletHistory: async () => [],
    sign: (plan: TxPlan) => signer.sign(plan, { config, inputKind: 'p2pkh', prevTxHexes: async () => [], onFollowDevice: () => undefined }),
    sendRawTransaction: async () => '',
  };
}

const tenHoursAgo = MTP - 10 * 3600;
/** Before the season 7 fork: 5 % a year, value / 10 512 000 per minute, 59 of the minutes unpaid. */
const perMinute = (value: bigint) => value / 10_512_000n;

describe('a KMD withdraw', () => {
  it('claims its inputs’ interest into the change, lock time at the median time past', async () => {
    const coin = kmdView(coins.get('KMD')!, { ['aa'.repeat(32)]: tenHoursAgo });
    const unspents: Unspent[] = [{ txid: 'aa'.repeat(32), vout: 1, value: 100n * SAT, height: 2_999_000 }];
    const details = await buildWithdraw(coin, { to: OTHER, amount: MmNumber.parse('50'), max: false, fee: null }, unspents);

    const interest = perMinute(100n * SAT) * (600n - 59n);
    expect(interest).toBe(514_491n);
    const tx = parseTx(details.txHex, coin.txFormat);
    expect(tx.locktime).toBe(MTP);
    expect(tx.outs.map((o) => o.value)).toEqual([50n * SAT, 50n * SAT - 1000n + interest]);
    expect(details.kmdRewards).toEqual({ amount: '0.00514491', claimedByMe: true });
    expect(details.feeDetails).toEqual({ type: 'Utxo', coin: 'KMD', amount: '0.00001' });
    expect(details.spentByMe).toBe('100');
    expect(details.receivedByMe).toBe('50.00513491');
    expect(details.myBalanceChange).toBe('-49.99486509');
  });

  it('sending all to itself claims the interest too (the claim action)', async () => {
    const coin = kmdView(coins.get('KMD')!, { ['aa'.repeat(32)]: tenHoursAgo });
    const unspents: Unspent[] = [{ txid: 'aa'.repeat(32), vout: 1, value: 100n * SAT, height: 2_999_000 }];
    const details = await buildWithdraw(coin, { to: coin.address, amount: null, max: true, fee: null }, unspents);
    const tx = parseTx(details.txHex, coin.txFormat);
    // KDF's `add_change`: the output takes everything less the fee, the interest comes back as change.
    expect(tx.outs.map((o) => o.value)).toEqual([100n * SAT - 1000n, 514_491n]);
    expect(details.myBalanceChange).toBe('0.00513491');
    expect(details.kmdRewards).toEqual({ amount: '0.00514491', claimedByMe: true });
  });

  it('without interest sets the lock time an hour back plus 2 × 777 s, and reports 0 rewards', async () => {
    const coin = kmdView(coins.get('KMD')!, { ['bb'.repeat(32)]: tenHoursAgo });
    const unspents: Unspent[] = [{ txid: 'bb'.repeat(32), vout: 0, value: 9n * SAT, height: 2_999_000 }];
    const details = await buildWithdraw(coin, { to: OTHER, amount: MmNumber.parse('1'), max: false, fee: null }, unspents);
    expect(parseTx(details.txHex, coin.txFormat).locktime).toBe(NOW - 3600 + 1554);
    expect(details.kmdRewards).toEqual({ amount: '0', claimedByMe: true });
  });

  it('leaves other Komodo-layout coins without interest or rewards, lock time 0', async () => {
    const coin = kmdView(coins.get('DOC')!, { ['aa'.repeat(32)]: tenHoursAgo });
    const unspents: Unspent[] = [{ txid: 'aa'.repeat(32), vout: 1, value: 100n * SAT, height: 2_999_000 }];
    const details = await buildWithdraw(coin, { to: OTHER, amount: MmNumber.parse('50'), max: false, fee: null }, unspents);
    const tx = parseTx(details.txHex, coin.txFormat);
    expect(tx.locktime).toBe(0);
    expect(tx.outs.map((o) => o.value)).toEqual([50n * SAT, 50n * SAT - 1000n]);
    expect(details.kmdRewards).toBeUndefined();
  });
});

describe('kmdRewardsInfo', () => {
  it('lists every output, largest first, with its rewards or why it has none', async () => {
    const coin = kmdView(coins.get('KMD')!, { ['aa'.repeat(32)]: tenHoursAgo, ['bb'.repeat(32)]: tenHoursAgo, ['cc'.repeat(32)]: MTP - 60 });
    const infos = await kmdRewardsInfo(coin, [
      { txid: 'bb'.repeat(32), vout: 0, value: 9n * SAT, height: 2_999_000 },
      { txid: 'aa'.repeat(32), vout: 1, value: 100n * SAT, height: 2_999_000 },
      { txid: 'cc'.repeat(32), vout: 2, value: 20n * SAT, height: 0 },
      { txid: 'dd'.repeat(32), vout: 0, value: 30n * SAT, height: 5 },
    ]);
    expect(infos).toEqual([
      {
        txid: 'aa'.repeat(32),
        height: 2_999_000,
        vout: 1,
        value: 100n * SAT,
        lockTime: tenHoursAgo,
        accrued: { accrued: true, sat: 514_491n },
        accrueStartAt: tenHoursAgo + 3600,
        accrueStopAt: tenHoursAgo + 31 * 24 * 3600,
      },
      { txid: 'dd'.repeat(32), height: 5, vout: 0, value: 30n * SAT, lockTime: 0, accrued: { accrued: false, reason: 'LocktimeNotSet' } },
      {
        txid: 'cc'.repeat(32),
        height: null,
        vout: 2,
        value: 20n * SAT,
        lockTime: MTP - 60,
        accrued: { accrued: false, reason: 'TransactionInMempool' },
        accrueStartAt: MTP - 60 + 3600,
      },
      { txid: 'bb'.repeat(32), height: 2_999_000, vout: 0, value: 9n * SAT, lockTime: tenHoursAgo, accrued: { accrued: false, reason: 'UtxoAmountLessThanTen' } },
    ]);
  });

  it('refuses a funding transaction the server sends garbled', async () => {
    const coin = kmdView(coins.get('KMD')!, {});
    coin.api.rawTransactions = async () => ['0400008085202f89ff'];
    await expect(kmdRewardsInfo(coin, [{ txid: 'ee'.repeat(32), vout: 0, value: 20n * SAT, height: 7 }])).rejects.toMatchObject({ errorType: 'Transport' });
  });
});
