/**
 * KDF's wallet methods on the devnet, checked against the chains' own software: litecoind verifies
 * and makes message signatures (`verifymessage`, `signmessagewithprivkey`), validates converted
 * addresses and reports median times; anvil gives raw transactions; ethers verifies EIP-191
 * signatures and derives addresses from shown keys; KDF's own test vectors fix the key RPCs.
 * Every method is also attacked: unknown coins, wrong types, oversized input, other networks.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { payments, script as bscript } from 'bitcoinjs-lib';
import { Wallet, getAddress, verifyMessage, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { p2pkhAddress } from '../../../src/node/crypto';
import type { UsbLike } from '../../../src/node/hw/trezor';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SimTrezor } from '../../unit/node/hw/sim';
import { daemon, devnet } from '../devnet/daemon';
import { chainProvider, fundEvm } from '../eth/evmWallet';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, startWalletNode, waitFor, type Reply, type WalletNode } from '../utxo/walletNode';

const LTC_PREFIX = 'Litecoin Signed Message:\n';
const REGTEST = { messagePrefix: LTC_PREFIX, bech32: 'rltc', bip32: { public: 0, private: 0 }, pubKeyHash: 111, scriptHash: 58, wif: 239 };
const LTC_MAINNET = { ...REGTEST, bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
/** Litecoin mainnet addresses of a key: the same hash as a regtest address, another network's encoding. */
const STRANGER_KEY = Buffer.from('02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9', 'hex');
const LTC_MAINNET_P2PKH = payments.p2pkh({ pubkey: STRANGER_KEY, network: LTC_MAINNET }).address!;
const LTC_MAINNET_P2WPKH = payments.p2wpkh({ pubkey: STRANGER_KEY, network: LTC_MAINNET }).address!;

let dir: string;
/** The devnet's coins with Litecoin's `sign_message_prefix` on RLTC1 (both address forms); RLTC2 keeps none. */
let coinsPath: string;

async function writeCoins(): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'wallet-methods-'));
  const coins = JSON.parse(await readFile(devnet().coinsFile, 'utf8')) as Record<string, unknown>[];
  for (const c of coins) if (c.coin === 'RLTC1' || c.coin === 'RLTC1-segwit') c.sign_message_prefix = LTC_PREFIX;
  coinsPath = join(dir, 'coins.json');
  await writeFile(coinsPath, JSON.stringify(coins));
}

/** A node in HD mode (`enable_hd`) on a BIP39 mnemonic. */
async function startHdNode(mnemonic: string): Promise<WalletNode> {
  const platform = nodePlatform({ coinsPath });
  platform.emit = () => undefined;
  const host = new NodeHost(platform);
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: mnemonic, enable_hd: true, gui: 'itest' } });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  const legacy = async (method: string, args: Record<string, unknown> = {}) => (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const mmrpc = async (method: string, params: Record<string, unknown> = {}) =>
    (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Reply;
  return {
    host,
    platform,
    events: [],
    legacy,
    mmrpc,
    activate: (ticker, extra = {}) => legacy('electrum', { coin: ticker, servers: devnet().coins[ticker]?.servers, ...extra }),
    stop: () => host.stop(),
  };
}

const enableEth = (node: WalletNode, ticker: string): Promise<Reply> => node.legacy('enable', { coin: ticker, ...devnet().coins[ticker] });

function ok(r: Reply): Record<string, unknown> {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

function mmrpcResult<T = Record<string, unknown>>(r: Reply): T {
  return ok(r).result as T;
}

/** A flat error: status 500 and `{error}` ending with KDF's message. */
function expectLegacyError(r: Reply, message: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(500);
  expect(Object.keys(r.body)).toEqual(['error']);
  expect(r.body.error as string).toContain(message);
}

function expectMmError(r: Reply, status: number, errorType: string, message?: string): Record<string, unknown> {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ mmrpc: '2.0', error_type: errorType });
  if (message !== undefined) expect(r.body.error).toBe(message);
  return r.body;
}

beforeAll(writeCoins);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('wallet methods (iguana wallet)', () => {
  let node: WalletNode;
  let provider: JsonRpcProvider;
  let legacyAddress: string;
  let segwitAddress: string;
  let ethAddress: string;
  const chain1 = () => daemon('chain1');

  beforeAll(async () => {
    provider = chainProvider();
    node = await startWalletNode(freshPassphrase('wallet methods'), nodePlatform({ coinsPath }));
    legacyAddress = ok(await node.activate('RLTC1')).address as string;
    segwitAddress = ok(await node.activate('RLTC1-segwit')).address as string;
    ok(await node.activate('RLTC2'));
    ethAddress = ok(await enableEth(node, 'ETHDEV')).address as string;
    ok(await enableEth(node, 'DEVT18-ERC20'));
  });
  afterAll(async () => {
    await node.stop();
    provider.destroy();
  });

  describe('show_priv_key', () => {
    it("shows the UTXO coin's WIF: the key of the coin's address", async () => {
      const body = ok(await node.legacy('show_priv_key', { coin: 'RLTC1' }));
      const { priv_key } = body.result as { priv_key: string };
      expect(body).toEqual({ result: { coin: 'RLTC1', priv_key } });
      // litecoind signs with the WIF it is shown; the signature verifies for the coin's address.
      const signature = await chain1().call<string>('signmessagewithprivkey', [priv_key, 'whose key?']);
      expect(await chain1().call<boolean>('verifymessage', [legacyAddress, signature, 'whose key?'])).toBe(true);
    });

    it("shows the EVM key as 0x hex: ethers derives the coin's address from it", async () => {
      for (const coin of ['ETHDEV', 'DEVT18-ERC20']) {
        const { priv_key } = (ok(await node.legacy('show_priv_key', { coin })).result as { priv_key: string });
        expect(priv_key).toMatch(/^0x[0-9a-f]{64}$/);
        expect(new Wallet(priv_key).address).toBe(ethAddress);
      }
    });

    it("answers KDF's flat errors for an unknown coin and a missing or non-string coin", async () => {
      expectLegacyError(await node.legacy('show_priv_key', { coin: 'NOPE' }), 'No such coin: NOPE');
      expectLegacyError(await node.legacy('show_priv_key', {}), "No 'coin' field");
      expectLegacyError(await node.legacy('show_priv_key', { coin: ['RLTC1'] }), "No 'coin' field");
    });

    it('is not served without userpass', async () => {
      for (const userpass of [undefined, 'wrong-Password!1']) {
        const r = (await node.host.handleRpc({ method: 'show_priv_key', coin: 'RLTC1', userpass })) as Reply;
        expect(r.status).not.toBe(200);
        expect(r.body.error as string).toMatch(/Userpass is (not set|invalid)/);
        expect(JSON.stringify(r.body)).not.toContain('priv_key');
      }
    });
  });

  describe('validateaddress', () => {
    const validate = async (coin: string, address: unknown) => node.legacy('validateaddress', { coin, address });

    it("takes the coin's own P2PKH, P2SH and (segwit: true) bech32 addresses", async () => {
      const p2sh = payments.p2sh({ redeem: { output: bscript.fromASM('OP_TRUE') }, network: REGTEST }).address!;
      for (const address of [legacyAddress, segwitAddress, p2sh, devnet().wallets.bob!.addresses.RLTC1!]) {
        expect(ok(await validate('RLTC1', address))).toEqual({ result: { is_valid: true } });
        expect((await chain1().call<{ isvalid: boolean }>('validateaddress', [address])).isvalid).toBe(true);
      }
    });

    it('refuses addresses of other networks and coins with a reason', async () => {
      const cases = [
        ['LTC mainnet P2PKH', LTC_MAINNET_P2PKH],
        ['LTC mainnet bech32', LTC_MAINNET_P2WPKH],
        ['BTC mainnet', '1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL'],
        ['an ETH address', ethAddress],
        ['bech32m (taproot)', 'rltc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k0hccme'],
        ['a bad checksum', `${legacyAddress.slice(0, -1)}${legacyAddress.endsWith('1') ? '2' : '1'}`],
        ['empty', ''],
      ];
      for (const [what, address] of cases) {
        const body = ok(await validate('RLTC1', address));
        const result = body.result as { is_valid: boolean; reason: string };
        expect(result.is_valid, what).toBe(false);
        expect(Object.keys(result).sort(), what).toEqual(['is_valid', 'reason']);
        expect(result.reason.length, what).toBeGreaterThan(5);
      }
      const reasonOf = async (address: string) => ((ok(await validate('RLTC1', address)).result as { reason: string }).reason);
      expect(await reasonOf(LTC_MAINNET_P2PKH)).toContain('address prefix 30');
      expect(await reasonOf(LTC_MAINNET_P2WPKH)).toContain("bech32 prefix 'ltc'");
    });

    it('checks EVM addresses as withdraw does: 0x, 40 hex digits, EIP-55 in mixed case', async () => {
      expect(ok(await validate('ETHDEV', ethAddress))).toEqual({ result: { is_valid: true } });
      expect(ok(await validate('DEVT18-ERC20', ethAddress.toLowerCase()))).toEqual({ result: { is_valid: true } });
      const flipped = ethAddress.replace(/[a-f]/, (c) => c.toUpperCase());
      expect(ok(await validate('ETHDEV', flipped))).toEqual({ result: { is_valid: false, reason: 'Invalid address checksum' } });
      expect(ok(await validate('ETHDEV', ethAddress.slice(2)))).toEqual({ result: { is_valid: false, reason: 'Address must be prefixed with 0x' } });
      expect((ok(await validate('ETHDEV', legacyAddress)).result as { is_valid: boolean }).is_valid).toBe(false);
    });

    it('answers an oversized address briefly, without echoing it', async () => {
      const huge = `m${'1'.repeat(200_000)}`;
      const r = await validate('RLTC1', huge);
      const result = ok(r).result as { is_valid: boolean; reason: string };
      expect(result.is_valid).toBe(false);
      expect(JSON.stringify(r.body).length).toBeLessThan(300);
    });

    it('fails flat for an unknown coin and wrong types', async () => {
      expectLegacyError(await validate('NOPE', legacyAddress), 'No such coin: NOPE');
      expectLegacyError(await validate('RLTC1', 42), 'invalid type for `address`: integer, expected a string');
      expectLegacyError(await node.legacy('validateaddress', { coin: 'RLTC1' }), 'missing field `address`');
    });
  });

  describe('convertaddress', () => {
    const convert = (coin: string, from: string, format: unknown) => node.legacy('convertaddress', { coin, from, to_address_format: format });

    it("turns the legacy address into the coin's segwit address and back, and litecoind agrees on the script", async () => {
      const toSegwit = ok(await convert('RLTC1', legacyAddress, { format: 'segwit' }));
      expect(toSegwit).toEqual({ result: { address: segwitAddress } });
      expect(ok(await convert('RLTC1-segwit', segwitAddress, { format: 'standard' }))).toEqual({ result: { address: legacyAddress } });
      expect(ok(await convert('RLTC1', legacyAddress, { format: 'standard' }))).toEqual({ result: { address: legacyAddress } });
      const info = await chain1().call<{ isvalid: boolean; witness_version?: number }>('validateaddress', [segwitAddress]);
      expect(info).toMatchObject({ isvalid: true, witness_version: 0 });
    });

    it('keeps a P2SH address P2SH and refuses to invent a segwit form for it', async () => {
      const p2sh = payments.p2sh({ redeem: { output: bscript.fromASM('OP_TRUE') }, network: REGTEST }).address!;
      expect(ok(await convert('RLTC1', p2sh, { format: 'standard' }))).toEqual({ result: { address: p2sh } });
      expectLegacyError(await convert('RLTC1', p2sh, { format: 'segwit' }), 'A P2SH address has no segwit form');
    });

    it("answers KDF's errors for cashaddress, bad formats and other networks' addresses", async () => {
      expectLegacyError(await convert('RLTC1', legacyAddress, { format: 'cashaddress', network: 'bchtest' }), 'does not use cashaddress');
      expectLegacyError(await convert('RLTC1', legacyAddress, { format: 'base32' }), 'Error on parse UTXO address format: unknown variant `base32`');
      expectLegacyError(await convert('RLTC1', legacyAddress, 'segwit'), 'Error on parse UTXO address format');
      expectLegacyError(await convert('RLTC1', LTC_MAINNET_P2PKH, { format: 'segwit' }), 'address prefix 30');
      expectLegacyError(await node.legacy('convertaddress', { coin: 'RLTC1', from: legacyAddress }), 'missing field `to_address_format`');
      expectLegacyError(await convert('NOPE', legacyAddress, { format: 'segwit' }), 'No such coin: NOPE');
      expectLegacyError(await convert('RLTC1', '1'.repeat(5000), { format: 'segwit' }), 'Address is too long');
    });

    it('gives EVM addresses their EIP-55 form, as ethers does, and only that form', async () => {
      const lower = ethAddress.toLowerCase();
      expect(ok(await convert('ETHDEV', lower, { format: 'mixedcase' }))).toEqual({ result: { address: getAddress(lower) } });
      expectLegacyError(await convert('ETHDEV', ethAddress, { format: 'singlecase' }), 'conversion is available only to mixed-case');
      expectLegacyError(await convert('ETHDEV', lower.slice(2), { format: 'mixedcase' }), 'Address must be prefixed with 0x');
      expectLegacyError(await convert('ETHDEV', lower, { format: 'segwit' }), 'Error on parse ETH address format');
    });
  });

  describe('sign_message / verify_message (UTXO)', () => {
    const sign = (params: Record<string, unknown>) => node.mmrpc('sign_message', params);
    const verify = (params: Record<string, unknown>) => node.mmrpc('verify_message', params);

    it('signs as litecoind signs with the same key, and litecoind verifies it', async () => {
      const { priv_key } = ok(await node.legacy('show_priv_key', { coin: 'RLTC1' })).result as { priv_key: string };
      for (const message of ['hello', '', 'héllo ₿ 🚀', 'x'.repeat(300)]) {
        const { signature } = mmrpcResult<{ signature: string }>(await sign({ coin: 'RLTC1', message }));
        expect(signature).toBe(await chain1().call<string>('signmessagewithprivkey', [priv_key, message]));
        expect(await chain1().call<boolean>('verifymessage', [legacyAddress, signature, message])).toBe(true);
        expect(mmrpcResult(await verify({ coin: 'RLTC1', message, signature, address: legacyAddress }))).toEqual({ is_valid: true });
      }
    });

    it("verifies the key's signature for its segwit address too, and nobody else's", async () => {
      const { signature } = mmrpcResult<{ signature: string }>(await sign({ coin: 'RLTC1-segwit', message: 'segwit' }));
      expect(mmrpcResult(await verify({ coin: 'RLTC1-segwit', message: 'segwit', signature, address: segwitAddress }))).toEqual({ is_valid: true });
      expect(mmrpcResult(await verify({ coin: 'RLTC1', message: 'segwit', signature, address: legacyAddress }))).toEqual({ is_valid: true });
      const bob = devnet().wallets.bob!.addresses.RLTC1!;
      expect(mmrpcResult(await verify({ coin: 'RLTC1', message: 'segwit', signature, address: bob }))).toEqual({ is_valid: false });
      expect(mmrpcResult(await verify({ coin: 'RLTC1', message: 'segwit!', signature, address: legacyAddress }))).toEqual({ is_valid: false });
    });

    it('signs and verifies a 600 KB message', async () => {
      const message = 'Ω'.repeat(300_000);
      const { signature } = mmrpcResult<{ signature: string }>(await sign({ coin: 'RLTC1', message }));
      expect(mmrpcResult(await verify({ coin: 'RLTC1', message, signature, address: legacyAddress }))).toEqual({ is_valid: true });
    });

    it("answers KDF's errors: no prefix, unknown coin, HD address in iguana mode, bad input", async () => {
      expectMmError(await sign({ coin: 'RLTC2', message: 'm' }), 500, 'PrefixNotFound', 'sign_message_prefix is not set in coin config');
      const someSig = mmrpcResult<{ signature: string }>(await sign({ coin: 'RLTC1', message: 'm' })).signature;
      expectMmError(await verify({ coin: 'RLTC2', message: 'm', signature: someSig, address: legacyAddress }), 500, 'PrefixNotFound');
      const unknown = expectMmError(await sign({ coin: 'NOPE', message: 'm' }), 500, 'InternalError', 'Internal error: No such coin: NOPE');
      expect(unknown.error_data).toBe('No such coin: NOPE');
      expectMmError(await verify({ coin: 'NOPE', message: 'm', signature: someSig, address: legacyAddress }), 400, 'CoinIsNotFound', 'Coin is not found: No such coin: NOPE');
      expectMmError(
        await sign({ coin: 'RLTC1', message: 'm', address: { derivation_path: "m/44'/1'/0'/0/1" } }),
        400,
        'InvalidRequest',
        'Invalid request: You need to enable kdf with enable_hd to sign messages with a specific account/address',
      );
      expectMmError(await verify({ coin: 'RLTC1', message: 'm', signature: someSig, address: LTC_MAINNET_P2WPKH }), 400, 'InvalidRequest');
      expectMmError(await verify({ coin: 'RLTC1', message: 'm', signature: 'bm90IGEgc2lnbmF0dXJl', address: legacyAddress }), 400, 'SignatureDecodingError');
      expectMmError(await verify({ coin: 'RLTC1', message: 'm', signature: '%%%', address: legacyAddress }), 400, 'SignatureDecodingError');
      expectMmError(await sign({ coin: 'RLTC1', message: 7 }), 400, 'InvalidRequest');
      expectMmError(await sign({ coin: 'RLTC1' }), 400, 'InvalidRequest');
      expectMmError(await verify({ coin: 'RLTC1', message: 'm', signature: someSig }), 400, 'InvalidRequest');
    });
  });

  describe('sign_message / verify_message (EVM)', () => {
    it("signs EIP-191 as KDF writes it (v 0/1); ethers recovers the wallet's address", async () => {
      for (const coin of ['ETHDEV', 'DEVT18-ERC20']) {
        const { signature } = mmrpcResult<{ signature: string }>(await node.mmrpc('sign_message', { coin, message: 'hello evm' }));
        expect(signature).toMatch(/^0x[0-9a-f]{128}0[01]$/);
        expect(verifyMessage('hello evm', signature)).toBe(ethAddress);
        expect(mmrpcResult(await node.mmrpc('verify_message', { coin, message: 'hello evm', signature, address: ethAddress }))).toEqual({ is_valid: true });
      }
    });

    it("verifies other wallets' signatures (v 27/28) and tells a stranger's apart", async () => {
      const other = Wallet.createRandom();
      const signature = await other.signMessage('from elsewhere');
      const verify = (address: string) => node.mmrpc('verify_message', { coin: 'ETHDEV', message: 'from elsewhere', signature, address });
      expect(mmrpcResult(await verify(other.address))).toEqual({ is_valid: true });
      expect(mmrpcResult(await verify(ethAddress))).toEqual({ is_valid: false });
      expectMmError(await verify(other.address.slice(2)), 400, 'InvalidRequest', 'Invalid request: Address must be prefixed with 0x');
      const bad = await node.mmrpc('verify_message', { coin: 'ETHDEV', message: 'x', signature: '0x1234', address: ethAddress });
      expectMmError(bad, 400, 'SignatureDecodingError');
    });
  });

  describe('get_raw_transaction', () => {
    it("gives a UTXO transaction's bytes as litecoind has them", async () => {
      const [txid] = await fund('chain1', legacyAddress, ['0.3']);
      const expected = await chain1().call<string>('getrawtransaction', [txid]);
      const result = await waitFor('tx known to Electrum', async () => {
        const r = await node.mmrpc('get_raw_transaction', { coin: 'RLTC1', tx_hash: txid });
        return r.status === 200 ? (r.body.result as Record<string, unknown>) : undefined;
      });
      expect(result).toEqual({ tx_hex: expected });
    });

    it('gives an EVM transaction re-encoded byte for byte as anvil stores it', async () => {
      const [hash] = await fundEvm(provider, ethAddress, { ETHDEV: '0.5' });
      const raw = await provider.send('eth_getRawTransactionByHash', [hash]);
      for (const txHash of [hash!, hash!.slice(2)]) {
        expect(mmrpcResult(await node.mmrpc('get_raw_transaction', { coin: 'ETHDEV', tx_hash: txHash }))).toEqual({ tx_hex: (raw as string).slice(2) });
      }
    });

    it("answers KDF's errors for unknown hashes, bad hashes and unknown coins", async () => {
      const zero = 'ab'.repeat(32);
      expectMmError(await node.mmrpc('get_raw_transaction', { coin: 'ETHDEV', tx_hash: `0x${zero}` }), 400, 'HashNotExist');
      expectMmError(await node.mmrpc('get_raw_transaction', { coin: 'RLTC1', tx_hash: zero }), 502, 'Transport');
      for (const [coin, txHash] of [['ETHDEV', ''], ['ETHDEV', 'xx'], ['RLTC1', `0x${zero}`], ['RLTC1', 'f'.repeat(100_000)]] as const) {
        const body = expectMmError(await node.mmrpc('get_raw_transaction', { coin, tx_hash: txHash }), 400, 'InvalidHashError');
        expect(JSON.stringify(body).length).toBeLessThan(1000);
      }
      const unknown = expectMmError(await node.mmrpc('get_raw_transaction', { coin: 'ZOMBI', tx_hash: zero }), 400, 'NoSuchCoin');
      expect(unknown.error_data).toEqual({ coin: 'ZOMBI' });
      expectMmError(await node.mmrpc('get_raw_transaction', { coin: 'RLTC1', tx_hash: 5 }), 400, 'InvalidRequest');
    });
  });

  describe('get_current_mtp', () => {
    it("is the chain's median time past, as litecoind computes it for the tip", async () => {
      const before = await chain1().call<number>('getblockcount');
      const { mtp } = mmrpcResult<{ mtp: number }>(await node.mmrpc('get_current_mtp', { coin: 'RLTC1' }));
      const after = await chain1().call<number>('getblockcount');
      const allowed: number[] = [];
      for (let h = before - 2; h <= after; h++) {
        const header = await chain1().call<{ mediantime: number }>('getblockheader', [await chain1().call<string>('getblockhash', [h])]);
        allowed.push(header.mediantime);
      }
      expect(allowed).toContain(mtp);
    });

    it("answers KDF's errors for EVM and unknown coins", async () => {
      expectMmError(await node.mmrpc('get_current_mtp', { coin: 'ETHDEV' }), 400, 'NotSupportedCoin', 'Requested coin: ETHDEV; is not supported for this action.');
      const r = expectMmError(await node.mmrpc('get_current_mtp', { coin: 'NOPE' }), 404, 'NoSuchCoin', 'No such coin: NOPE');
      expect(r.error_data).toBe('No such coin: NOPE');
    });
  });

  it('serves the legacy-only methods only as legacy requests', async () => {
    for (const method of ['validateaddress', 'convertaddress', 'show_priv_key']) {
      expectMmError(await node.mmrpc(method, { coin: 'RLTC1' }), 400, 'NoSuchMethod');
    }
  });
});

describe('get_public_key / get_public_key_hash', () => {
  it("answer KDF's own test values for the passphrase 'bob passphrase'", async () => {
    const node = await startWalletNode('bob passphrase', nodePlatform({ coinsPath }));
    try {
      expect(mmrpcResult(await node.mmrpc('get_public_key'))).toEqual({ public_key: '022cd3021a2197361fb70b862c412bc8e44cff6951fa1de45ceabfdd9b4c520420' });
      expect(mmrpcResult(await node.mmrpc('get_public_key_hash', {}))).toEqual({ public_key_hash: 'b506088aa2a3b4bb1da3a29bf00ce1a550ea1df9' });
      // The key behind the coins' addresses in iguana mode.
      const address = ok(await node.activate('RLTC2')).address as string;
      expect(p2pkhAddress(Buffer.from('022cd3021a2197361fb70b862c412bc8e44cff6951fa1de45ceabfdd9b4c520420', 'hex'), 111)).toBe(address);
    } finally {
      await node.stop();
    }
  });
});

describe('HD wallet (enable_hd)', () => {
  const mnemonic = generateMnemonic(wordlist);
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  let node: WalletNode;

  beforeAll(async () => {
    node = await startHdNode(mnemonic);
  });
  afterAll(() => node.stop());

  it("signs with the activated address, or another HD address picked by path or by id", async () => {
    const address = ok(await node.activate('RLTC1')).address as string;
    expect(address).toBe(p2pkhAddress(root.derive("m/44'/1'/0'/0/0").publicKey!, 111));
    const other = p2pkhAddress(root.derive("m/44'/1'/0'/1/5").publicKey!, 111);
    const sign = async (address?: unknown) =>
      mmrpcResult<{ signature: string }>(await node.mmrpc('sign_message', { coin: 'RLTC1', message: 'hd', ...(address ? { address } : {}) })).signature;
    expect(await chain1Verify(address, await sign(), 'hd')).toBe(true);
    const byPath = await sign({ derivation_path: "m/44'/1'/0'/1/5" });
    expect(await sign({ account_id: 0, chain: 'Internal', address_id: 5 })).toBe(byPath);
    expect(await chain1Verify(other, byPath, 'hd')).toBe(true);
    expect(await chain1Verify(address, byPath, 'hd')).toBe(false);
  });

  it('refuses a path of another coin and malformed selectors', async () => {
    const sign = (address: unknown) => node.mmrpc('sign_message', { coin: 'RLTC1', message: 'hd', address });
    expectMmError(await sign({ derivation_path: "m/44'/60'/0'/0/0" }), 400, 'InvalidRequest');
    expectMmError(await sign({ derivation_path: 'm/44/1/0/0/0' }), 400, 'InvalidRequest');
    expectMmError(await sign({ account_id: 0, chain: 'Sideways', address_id: 0 }), 400, 'InvalidRequest');
    expectMmError(await sign({ account_id: -1, chain: 'External', address_id: 0 }), 400, 'InvalidRequest');
    expectMmError(await sign({ account_id: 2 ** 31, chain: 'External', address_id: 0 }), 400, 'InvalidRequest');
  });

  it("shows the activated address's key and the node's internal key", async () => {
    const { priv_key } = ok(await node.legacy('show_priv_key', { coin: 'RLTC1' })).result as { priv_key: string };
    const signature = await daemon('chain1').call<string>('signmessagewithprivkey', [priv_key, 'k']);
    expect(await chain1Verify(p2pkhAddress(root.derive("m/44'/1'/0'/0/0").publicKey!, 111), signature, 'k')).toBe(true);
    const internal = root.derive("m/44'/141'/2147483647/0/0");
    expect(mmrpcResult(await node.mmrpc('get_public_key'))).toEqual({ public_key: Buffer.from(internal.publicKey!).toString('hex') });
  });
});

describe('hardware wallet coin', () => {
  const sim = new SimTrezor({
    model: 'T1B1',
    pin: '1234',
    passphraseProtection: false,
    mnemonic: Array(12).fill('all').join(' '),
    label: 'Itest Trezor',
    deviceId: 'ITEST000000000000002',
    autoConfirm: false,
  });
  let node: WalletNode;

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('trezor methods'), nodePlatform({ coinsPath, usb: sim.usb as unknown as UsbLike }));
    await node.mmrpc('task::init_hwdevice::init', {});
    await waitFor('device connected', async () => {
      const s = (await node.mmrpc('task::init_hwdevice::status', { task_id: 0, forget_if_finished: false })).body.result as { status: string };
      if (s.status === 'UserActionRequired') {
        await node.mmrpc('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
      }
      return s.status === 'Ok' ? s : undefined;
    });
    ok(await node.activate('RLTC1', { priv_key_policy: 'Trezor' }));
  });
  afterAll(() => node.stop());

  it("answers KDF's errors where the key is on the device, and still verifies", async () => {
    expectLegacyError(await node.legacy('show_priv_key', { coin: 'RLTC1' }), "'display_priv_key' is not supported for Hardware Wallets");
    expectMmError(await node.mmrpc('sign_message', { coin: 'RLTC1', message: 'm' }), 500, 'InternalError');
    const other = await startWalletNode(freshPassphrase('trezor verify'), nodePlatform({ coinsPath }));
    try {
      const address = ok(await other.activate('RLTC1')).address as string;
      const { signature } = mmrpcResult<{ signature: string }>(await other.mmrpc('sign_message', { coin: 'RLTC1', message: 'm' }));
      expect(mmrpcResult(await node.mmrpc('verify_message', { coin: 'RLTC1', message: 'm', signature, address }))).toEqual({ is_valid: true });
    } finally {
      await other.stop();
    }
    // The public key RPCs are about the node's own key, not the device's.
    expect(mmrpcResult(await node.mmrpc('get_public_key')).public_key).toMatch(/^0[23][0-9a-f]{64}$/);
  });
});

function chain1Verify(address: string, signature: string, message: string): Promise<boolean> {
  return daemon('chain1').call<boolean>('verifymessage', [address, signature, message]);
}
