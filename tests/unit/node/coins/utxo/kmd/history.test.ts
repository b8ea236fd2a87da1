/**
 * KMD history entries carry the rewards each transaction claimed (KDF's `update_kmd_rewards`):
 * every input's interest at the transaction's own lock time, the fee counted without them, and
 * `claimed_by_me` when every sender is us and we receive. Stored entries keep them across a reload.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionDetails } from '../../../../../../src/node/coins/coin';
import { parseCoinsConfig } from '../../../../../../src/node/coins/config';
import { decodeAddress, myAddress } from '../../../../../../src/node/coins/utxo/address';
import type { ElectrumApi, HistoryItem } from '../../../../../../src/node/coins/utxo/electrumApi';
import { UtxoHistory } from '../../../../../../src/node/coins/utxo/history';
import { txFormat, ZcashTransaction } from '../../../../../../src/node/coins/utxo/tx';
import type { UtxoCoinView } from '../../../../../../src/node/coins/utxo/utxoCoinView';
import { keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../../src/node/crypto';
import { TxHistoryStore } from '../../../../../../src/node/storage';
import { freshIndexedDb } from '../../../../../../tools/host/nodeIndexedDb';

const { coins } = parseCoinsConfig([
  { coin: 'KMD', fname: 'Komodo', pubtype: 60, p2shtype: 85, wiftype: 188, txversion: 4, overwintered: 1, txfee: 1000, mm2: 1, protocol: { type: 'UTXO' } },
]);
const KMD = coins.get('KMD')!;
const me = myAddress(KMD, keyPairFromPrivkey(privkeyFromPassphrase('kmd history')).publicKey);
const other = myAddress(KMD, keyPairFromPrivkey(privkeyFromPassphrase('someone else')).publicKey);
const script = (address: string) => decodeAddress(KMD, address).script;
const SAT = 100_000_000n;
const L0 = 1_690_000_000;

function tx(inputs: { txid: string; vout: number }[], outputs: { to: string; value: bigint }[], lockTime: number): ZcashTransaction {
  const t = new ZcashTransaction(4, 0x76b809bb);
  for (const i of inputs) t.addInput(Uint8Array.from(Buffer.from(i.txid, 'hex')).reverse(), i.vout, 0xffffffff);
  for (const o of outputs) t.addOutput(script(o.to), o.value);
  t.locktime = lockTime;
  return t;
}

// Someone's old output funds them; they pay us 100 KMD; ten hours later we send 50 KMD on, claiming its interest.
const older = tx([{ txid: '07'.repeat(32), vout: 0 }], [{ to: other, value: 5n * SAT }], L0 - 86_400);
const funding = tx([{ txid: older.getId(), vout: 0 }], [{ to: me, value: 100n * SAT }], L0);
const interest = (100n * SAT) / 10_512_000n * (600n - 59n);
const spend = tx([{ txid: funding.getId(), vout: 0 }], [{ to: other, value: 50n * SAT }, { to: me, value: 50n * SAT - 1000n + interest }], L0 + 10 * 3600);
const raw = new Map([older, funding, spend].map((t) => [t.getId(), t.toHex()]));

function kmdCoin(): UtxoCoinView {
  const history: HistoryItem[] = [
    { txHash: funding.getId(), height: 2_999_000 },
    { txHash: spend.getId(), height: 3_000_100 },
  ];
  const api = {
    rawTransactions: async (ids: string[]) => ids.map((id) => raw.get(id) ?? ''),
    blockTimes: async (heights: number[]) => new Map(heights.map((h) => [h, L0 + (h - 2_999_000) * 60])),
    // Only the foreign `older` is asked for: the wallet's own heights come from its history.
    confirmations: async (id: string) => (id === older.getId() ? 1_000_201 : null),
  } as unknown as ElectrumApi;
  return {
    ticker: 'KMD',
    config: KMD,
    utxo: KMD.utxo!,
    txFormat: txFormat(KMD.utxo!, 'KMD'),
    decimals: 8,
    address: me,
    script: script(me),
    api,
    height: 3_000_200,
    walletHistory: async () => history,
  } as unknown as UtxoCoinView;
}

describe('KMD history', () => {
  it('reports the rewards each transaction claimed and the fee without them, across a reload', async () => {
    const factory = freshIndexedDb();
    const open = async () => new UtxoHistory(kmdCoin(), await TxHistoryStore.open<unknown>(factory, 'bb'.repeat(20)), () => undefined, () => L0 + 86_400);
    const h = await open();
    await h.sync();
    const byHash = (list: TransactionDetails[]) => new Map(list.map((t) => [t.txHash, t]));
    const entries = byHash(await h.transactions());

    expect(interest).toBe(514_491n);
    expect(entries.get(spend.getId())).toMatchObject({
      kmdRewards: { amount: '0.00514491', claimedByMe: true },
      feeDetails: { type: 'Utxo', coin: 'KMD', amount: '0.00001' },
      spentByMe: '100',
      myBalanceChange: '-49.99486509',
    });
    // Their 5 KMD output accrued nothing, and they, not we, sent it.
    expect(entries.get(funding.getId())).toMatchObject({ kmdRewards: { amount: '0', claimedByMe: false }, receivedByMe: '100' });

    const reloaded = byHash(await (await open()).transactions());
    expect(reloaded.get(spend.getId())?.kmdRewards).toEqual({ amount: '0.00514491', claimedByMe: true });
  });
});
