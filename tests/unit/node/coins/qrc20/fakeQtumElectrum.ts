/**
 * A QRC20 token over the Electrum test bed's fake server (127.0.0.1, stopped after each test):
 * the server answers the QTUM ElectrumX methods a token uses — `blockchain.contract.call` for
 * `balanceOf`, `allowance` and `decimals` of the token and `payments(id)` of the swap contract in
 * KDF's `ContractCallResult` shape, the receipts (`blochchain.transaction.get_receipt`), the token
 * history by address, raw and verbose transactions, headers, and the UTXO methods of its QTUM
 * side — from the state a test gives it.
 */
import { Transaction } from 'bitcoinjs-lib';
import { BALANCE_EVENT, UtxoCoin } from '../../../../../src/node/coins/utxo/utxoCoin';
import { softwareSigner } from '../../../../../src/node/coins/utxo/signer';
import { Qrc20ElectrumApi } from '../../../../../src/node/coins/qrc20/electrumQrc20';
import { Qrc20Coin, withoutBalanceEvents } from '../../../../../src/node/coins/qrc20/qrc20Coin';
import { bytesToHex, hexToBytes, keyPairFromPrivkey } from '../../../../../src/node/crypto';
import { encodePayments } from '../../../../../src/node/coins/qrc20/swap/etomicSwap';
import type { CoinConfig } from '../../../../../src/node/coins/config';
import { electrumTestBed, RpcFailure, type FakeElectrumServer } from '../utxo/electrum/fakeElectrumServer';

/** ERC20 selectors as QTUM ElectrumX receives them in `blockchain.contract.call`. */
const BALANCE_OF = '70a08231';
const ALLOWANCE = 'dd62ed3e';
const DECIMALS = '313ce567';
/** `payments(bytes32)` of the swap contract. */
const PAYMENTS = bytesToHex(encodePayments(new Uint8Array(32))).slice(0, 8);

export interface Listed {
  tx_hash: string;
  tx_pos: number;
  height: number;
  value: number;
}

/** What the fake chain holds; a test may change it between calls. */
export interface QtumChainState {
  listed: Listed[];
  /** Token balances by owner hash160 (hex). */
  balances: Map<string, bigint>;
  allowance: bigint;
  decimals: bigint;
  /** Raw `executionResult.output` to answer instead, for malformed-answer cases. */
  rawOutput?: unknown;
  broadcasts: string[];
  /** `payments(id)` states by swap id (hex); an id not listed is Uninitialized. */
  paymentStates: Map<string, number>;
  /** Receipts (wire form) by transaction hash; a hash not listed has none (not mined). */
  receipts: Map<string, unknown[]>;
  /** Transactions the chain knows, by hash, with their confirmations. */
  txs: Map<string, { hex: string; confirmations: number }>;
  /** Token Transfer history (`blockchain.contract.event.get_history`) by address hash160 (hex). */
  tokenHistory: Map<string, { tx_hash: string; height: number; log_index: number }[]>;
  /** The time of every header (`blockchain.block.headers`). */
  headerTime: number;
}

const word = (n: bigint): string => n.toString(16).padStart(64, '0');

/** An 80-byte header whose time is `time`. */
const header = (time: number): string => '00'.repeat(68) + Buffer.from(Uint32Array.of(time).buffer).toString('hex') + '00'.repeat(8);

export function qtumHandlers(state: QtumChainState, contractHex: string, swapContractHex: string) {
  return {
    'blockchain.scripthash.listunspent': () => state.listed,
    'blockchain.scripthash.get_history': () => state.listed.map((u) => ({ tx_hash: u.tx_hash, height: u.height })),
    'blockchain.contract.event.get_history': (p: unknown[]) => state.tokenHistory.get(String(p[0])) ?? [],
    'blochchain.transaction.get_receipt': (p: unknown[]) => state.receipts.get(String(p[0])) ?? [],
    'blockchain.transaction.get': (p: unknown[]) => {
      const tx = state.txs.get(String(p[0]));
      if (!tx) throw new RpcFailure(-32600, `unknown transaction ${String(p[0])}`);
      return p[1] === true ? { hex: tx.hex, confirmations: tx.confirmations } : tx.hex;
    },
    'blockchain.block.headers': (p: unknown[]) => {
      const count = Math.max(0, Math.min(Number(p[1]), 100 + 1 - Number(p[0])));
      return { count, hex: header(state.headerTime).repeat(count), max: 2016 };
    },
    'blockchain.transaction.broadcast': (p: unknown[]) => {
      state.broadcasts.push(String(p[0]));
      return Transaction.fromHex(String(p[0])).getId();
    },
    'blockchain.contract.call': (p: unknown[]) => {
      const [contract, data, sender] = p.map(String) as [string, string, string];
      if ((contract !== contractHex && contract !== swapContractHex) || sender !== '') throw new RpcFailure(-32602, `unexpected call ${contract} ${sender}`);
      if (state.rawOutput !== undefined) return { address: contract, executionResult: state.rawOutput };
      const selector = data.slice(0, 8);
      if (contract === swapContractHex) {
        if (selector !== PAYMENTS) throw new RpcFailure(-32602, `unexpected swap contract call ${selector}`);
        return { address: contract, executionResult: { excepted: 'None', output: word(0n) + word(0n) + word(BigInt(state.paymentStates.get(data.slice(8)) ?? 0)) } };
      }
      const output =
        selector === BALANCE_OF ? word(state.balances.get(data.slice(32, 72)) ?? 0n) : selector === ALLOWANCE ? word(state.allowance) : selector === DECIMALS ? word(state.decimals) : '';
      return { address: contract, executionResult: { excepted: 'None', output } };
    },
  };
}

/** An empty chain, with what `state` sets. */
export function qtumChainState(state: Partial<QtumChainState> = {}): QtumChainState {
  return {
    listed: [],
    balances: new Map(),
    allowance: 0n,
    decimals: 8n,
    broadcasts: [],
    paymentStates: new Map(),
    receipts: new Map(),
    txs: new Map(),
    tokenHistory: new Map(),
    headerTime: 0,
    ...state,
  };
}

const { server, harness } = electrumTestBed();
export { server };

/** A token of `config` with the key `privKey`, on a fresh fake server. */
export async function tokenOnFakeServer(
  config: CoinConfig,
  privKey: Uint8Array,
  swapContract: string,
  state: Partial<QtumChainState> = {},
  extraHandlers: Record<string, (params: unknown[]) => unknown> = {},
): Promise<{ coin: Qrc20Coin; s: FakeElectrumServer; state: QtumChainState; events: { event: string; data: unknown }[] }> {
  if (config.protocol.type !== 'QRC20') throw new Error('a QRC20 config is needed');
  const contractHex = config.protocol.contractAddress.slice(2).toLowerCase();
  const full = qtumChainState(state);
  const s = await server({ handlers: { ...qtumHandlers(full, contractHex, swapContract.toLowerCase()), ...extraHandlers } });
  const { client } = harness([s.url]);
  const events: { event: string; data: unknown }[] = [];
  const emit = (event: string, data: unknown) => events.push({ event, data });
  const qtum = new UtxoCoin({
    config,
    signer: softwareSigner(keyPairFromPrivkey(privKey)),
    electrum: client,
    requiredConfirmations: 1,
    requiresNotarization: false,
    emit: withoutBalanceEvents(emit),
    now: () => Date.now(),
  });
  await client.connect();
  await qtum.start();
  const coin = new Qrc20Coin({
    config,
    platform: config.protocol.platform,
    contract: hexToBytes(contractHex),
    decimals: config.decimals ?? 8,
    swapContract: hexToBytes(swapContract),
    fallbackSwapContract: null,
    qtum,
    api: new Qrc20ElectrumApi(client),
    emit,
    now: () => Date.now(),
  });
  return { coin, s, state: full, events };
}

export const balanceEvents = (events: { event: string; data: unknown }[]) => events.filter((e) => e.event === BALANCE_EVENT).map((e) => e.data);
