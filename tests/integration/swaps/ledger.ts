/**
 * Each side's balance after a swap, checked to the satoshi/wei against the chain: what the wallet
 * held before, less what it paid (the swap amount, the dex fee, and the miner fee of every
 * transaction it sent, read from the swap's stored transactions and the chain), plus what it got.
 */
import { Interface, type TransactionReceipt } from 'ethers';
import { expect } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { daemon } from '../devnet/daemon';
import { chainBalance, chainProvider, DECIMALS, tokenAddress, type EvmTicker } from '../eth/evmWallet';
import { waitFor } from '../utxo/walletNode';
import { chainOf, eventData, isEvm, type Json, type SwapNode } from './swapNode';

/** One wallet's holding of one coin, and for a token the platform coin it pays gas in. */
export interface Holding {
  ticker: string;
  address: string;
  balance: bigint;
  /** UTXO: the outputs it held, by `txid:vout`, for reading its transactions' inputs. */
  outputs: Map<string, bigint>;
  /** EVM: the platform coin's balance and the block height when read. */
  gas?: bigint;
  block?: number;
}

/** litecoind runs one `scantxoutset` at a time: legs on one chain take turns (other processes are waited for by `unspents`). */
const scans = new Map<string, Promise<unknown>>();
async function scanInTurn<T>(chain: string, scan: () => Promise<T>): Promise<T> {
  const next = (scans.get(chain) ?? Promise.resolve()).then(scan);
  scans.set(chain, next.catch(() => undefined));
  return next;
}

const sats = (btc: number): bigint => BigInt(Math.round(btc * 1e8));

export async function holding(node: SwapNode, ticker: string): Promise<Holding> {
  const address = node.addresses[ticker]!;
  if (isEvm(ticker)) {
    const provider = chainProvider();
    const block = await provider.getBlockNumber();
    const balance = await chainBalance(provider, ticker, address);
    const gas = ticker === 'ETHDEV' ? balance : await chainBalance(provider, 'ETHDEV', address);
    return { ticker, address, balance, outputs: new Map(), gas, block };
  }
  const chain = chainOf(ticker);
  // The daemon's UTXO scan sees only what is mined and flushed; the node may already count a payment
  // the scan does not show yet. The holding is taken once the two agree, so no output is missed.
  const told = (await node.legacy('my_balance', { coin: ticker })).body.balance;
  const nodeBalance = typeof told === 'string' ? sats(Number(told)) : null;
  let last: Holding | null = null;
  try {
    return await waitFor(`${ticker} of ${address} scanned as the node holds it (${String(told)})`, async () => {
      const unspents = await scanInTurn(chain, () => daemon(chain).unspents(address));
      const outputs = new Map(unspents.map((u) => [`${u.txid}:${u.vout}`, sats(u.amount)]));
      last = { ticker, address, balance: [...outputs.values()].reduce((a, b) => a + b, 0n), outputs };
      return nodeBalance === null || last.balance === nodeBalance ? last : undefined;
    }, 30_000);
  } catch (e) {
    if (last) return last; // The checks that follow name what differs.
    throw e;
  }
}

/** The events whose transactions each side sends, and which carries the other's payment. */
const ROLES = {
  Maker: {
    maker: { pays: ['MakerPaymentSent', 'MakerPaymentRefunded'], spends: [], theirs: [] },
    taker: { pays: [], spends: ['TakerPaymentSpent'], theirs: ['TakerPaymentReceived'] },
  },
  // A watcher's spend or refund is the taker's own pre-signed transaction, paid for by the taker.
  Taker: {
    taker: { pays: ['TakerFeeSent', 'TakerPaymentSent', 'TakerPaymentRefunded', 'TakerPaymentRefundedByWatcher'], spends: [], theirs: [] },
    maker: { pays: [], spends: ['MakerPaymentSpent', 'MakerPaymentSpentByWatcher'], theirs: ['MakerPaymentReceived'] },
  },
} as const;

interface SideTxs {
  amount: bigint;
  /** The transactions this side sent on this coin: its own payments, then its spend or refund. */
  own: { type: string; hex: string; hash: string }[];
  /** The other side's payment, whose output a spend takes. */
  theirs: string[];
  /** This side locked its payment, got it back, took the other's. */
  paid: boolean;
  refunded: boolean;
  spent: boolean;
}

function sideTxs(swap: Json, ticker: string): SideTxs {
  const coinSide = swap.maker_coin === ticker ? 'maker' : 'taker';
  const roles = ROLES[swap.type as 'Maker' | 'Taker'] as Record<string, { pays: readonly string[]; spends: readonly string[]; theirs: readonly string[] }>;
  const role = roles[coinSide]!;
  const tx = (type: string) => {
    const d = eventData(swap, type);
    return d ? { type, hex: d.tx_hex as string, hash: d.tx_hash as string } : undefined;
  };
  const own = [...role.pays, ...role.spends].map(tx).filter((t) => t !== undefined);
  const amountDecimal = MmNumber.parse((coinSide === 'maker' ? swap.maker_amount : swap.taker_amount) as string);
  return {
    amount: amountDecimal.toBaseUnits(isEvm(ticker) ? DECIMALS[ticker] : 8),
    own,
    theirs: role.theirs.map(tx).filter((t) => t !== undefined).map((t) => t.hex),
    paid: own.some((t) => t.type.endsWith('PaymentSent')),
    refunded: own.some((t) => t.type.endsWith('Refunded') || t.type.endsWith('RefundedByWatcher')),
    spent: own.some((t) => role.spends.includes(t.type)),
  };
}

/** The dex fee the taker pays on `amount` of a non-KMD coin: 1/777 of it (the legs use amounts it divides). */
export const dexFeeOf = (amount: bigint): bigint => {
  expect(amount % 777n, 'the legs trade amounts 777 divides').toBe(0n);
  return amount / 777n;
};

/** The swap amount into (+) or out of (−) the wallet: taken from the other, or locked and not refunded. */
function moved(t: SideTxs): bigint {
  if (t.spent) return t.amount;
  return t.paid && !t.refunded ? -t.amount : 0n;
}

interface Decoded {
  txid: string;
  vin: { txid: string; vout: number }[];
  vout: { value: number; n: number; scriptPubKey: { hex: string } }[];
}

/** Checks a UTXO holding after the swap: payer `before − amount − dex fee − miner fees (+ refund)`, receiver `before + amount − spend fee`. */
async function checkUtxo(before: Holding, after: Holding, t: SideTxs, isTaker: boolean): Promise<void> {
  const chain = chainOf(before.ticker);
  const decode = (hex: string) => daemon(chain).call<Decoded>('decoderawtransaction', [hex]);
  const own = (await daemon(chain).call<{ scriptPubKey: string }>('validateaddress', [before.address])).scriptPubKey;
  const known = new Map(before.outputs);
  const decodedTheirs = await Promise.all(t.theirs.map(decode));
  const decodedOwn = await Promise.all(t.own.map((o) => decode(o.hex)));
  for (const d of [...decodedTheirs, ...decodedOwn]) for (const o of d.vout) known.set(`${d.txid}:${o.n}`, sats(o.value));
  let minerFees = 0n;
  let dexFee = 0n;
  for (const [i, d] of decodedOwn.entries()) {
    expect(d.txid).toBe(t.own[i]!.hash);
    const inputs = d.vin.map((v) => {
      const value = known.get(`${v.txid}:${v.vout}`);
      if (value === undefined) throw new Error(`${t.own[i]!.type} spends ${v.txid}:${v.vout}, which is neither the wallet's nor the swap's`);
      return value;
    });
    const fee = inputs.reduce((a, b) => a + b, 0n) - d.vout.reduce((a, o) => a + sats(o.value), 0n);
    expect(fee > 0n && fee < 100_000n, `${t.own[i]!.type} miner fee ${fee}`).toBe(true);
    minerFees += fee;
    if (t.own[i]!.type === 'TakerFeeSent') {
      dexFee = d.vout.filter((o) => o.scriptPubKey.hex !== own).reduce((a, o) => a + sats(o.value), 0n);
    }
  }
  if (isTaker && t.own.some((o) => o.type === 'TakerFeeSent')) expect(dexFee).toBe(dexFeeOf(t.amount));
  const expected = before.balance + moved(t) - dexFee - minerFees;
  expect(after.balance, `${before.ticker} of ${before.address}`).toBe(expected);
}

const ERC20 = new Interface(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)']);

/**
 * Checks an EVM holding: the coin as for UTXO; gas (the coin itself, or ETHDEV for a token) less
 * every transaction the wallet sent between the two readings, which must be the swap's own ones
 * (on both coins when both are EVM) plus a token's `approve` calls.
 */
async function checkEvm(before: Holding, after: Holding, t: SideTxs, isTaker: boolean, otherEvmTxs: SideTxs['own'], otherIsGasCoin: boolean): Promise<void> {
  const provider = chainProvider();
  const ticker = before.ticker as EvmTicker;
  const token = ticker === 'ETHDEV' ? undefined : tokenAddress(ticker);
  const sent: { hash: string; to: string | null; data: string; value: bigint; receipt: TransactionReceipt }[] = [];
  for (let n = before.block! + 1; n <= after.block!; n++) {
    const block = await provider.getBlock(n, true);
    for (const tx of block?.prefetchedTransactions ?? []) {
      if (tx.from.toLowerCase() !== before.address.toLowerCase()) continue;
      const receipt = await provider.getTransactionReceipt(tx.hash);
      expect(receipt?.status, tx.hash).toBe(1);
      sent.push({ hash: tx.hash, to: tx.to, data: tx.data, value: tx.value, receipt: receipt! });
    }
  }
  const ownHashes = [...t.own, ...otherEvmTxs].map((o) => o.hash.replace(/^(0x)?/, '0x').toLowerCase());
  const extra = sent.filter((s) => !ownHashes.includes(s.hash.toLowerCase()));
  for (const e of extra) {
    const tokens = (['DEVT18-ERC20', 'DEVT6-ERC20'] as const).map((t) => tokenAddress(t).toLowerCase());
    expect(e.to !== null && tokens.includes(e.to.toLowerCase()) && ERC20.parseTransaction({ data: e.data })?.name === 'approve', `unexpected tx ${e.hash}`).toBe(true);
  }
  expect(sent.length).toBe(t.own.length + otherEvmTxs.length + extra.length);
  const gasFees = sent.reduce((a, s) => a + s.receipt.gasUsed * s.receipt.gasPrice, 0n);

  let dexFee = 0n;
  const feeTx = t.own.find((o) => o.type === 'TakerFeeSent');
  if (feeTx) {
    const s = sent.find((x) => x.hash.toLowerCase() === feeTx.hash.replace(/^(0x)?/, '0x').toLowerCase())!;
    dexFee = token ? (ERC20.parseTransaction({ data: s.data })!.args[1] as bigint) : s.value;
  }
  if (isTaker && feeTx) expect(dexFee).toBe(dexFeeOf(t.amount));
  if (token) {
    expect(after.balance, `${ticker} of ${before.address}`).toBe(before.balance + moved(t) - dexFee);
    // When the other coin is ETHDEV itself, its own holding's check covers all the gas.
    if (!otherIsGasCoin) expect(after.gas, `gas of ${before.address}`).toBe(before.gas! - gasFees);
  } else {
    expect(after.balance, `${ticker} of ${before.address}`).toBe(before.balance + moved(t) - dexFee - gasFees);
  }
}

/** Reads the holding again and checks it against the stored swap, to the base unit. */
export async function expectSettled(node: SwapNode, swap: Json, before: Holding): Promise<void> {
  const after = await holding(node, before.ticker);
  const t = sideTxs(swap, before.ticker);
  const isTaker = swap.type === 'Taker';
  const other = (swap.maker_coin === before.ticker ? swap.taker_coin : swap.maker_coin) as string;
  if (isEvm(before.ticker)) await checkEvm(before, after, t, isTaker, isEvm(other) ? sideTxs(swap, other).own : [], other === 'ETHDEV');
  else await checkUtxo(before, after, t, isTaker);
}

/** `expectSettled`, retried while the chain catches up (its UTXO set shows a spend once a block holds it); fails with the last mismatch. */
export async function expectSettledSoon(node: SwapNode, swap: Json, before: Holding): Promise<void> {
  let mismatch: unknown;
  await waitFor(`${node.label} ${before.ticker} settled`, async () => {
    try {
      await expectSettled(node, swap, before);
      return true;
    } catch (e) {
      mismatch = e;
      return undefined;
    }
  }, 30_000).catch((e: unknown) => {
    throw mismatch ?? e;
  });
}
