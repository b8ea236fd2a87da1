/**
 * KDF's mmrpc `sign_message` and `verify_message` (lp_coins.rs) for the coins whose family signs
 * messages (capabilities/messageSigner.ts), with the coin's `sign_message_prefix`; the schemes are
 * in messageSigning.ts. Errors are KDF's `SignatureError` / `VerificationError` variants with
 * their statuses. `address` picks another HD address to sign with, only when the node runs in HD mode.
 */
import type { MmRpcResult } from '../../shared/contract';
import type { NodeContext } from '../core/context';
import type { KeyPair } from '../crypto';
import { MmError } from '../core/errors';
import type { HandlerTable } from '../core/handler';
import type { ParamReader } from '../../shared/params';
import { validateCoinAddress } from './addressRpc';
import { hasAddressFormats, type AddressFormats } from './capabilities/addressFormats';
import { hasMessageSigner, type MessageSigner } from './capabilities/messageSigner';
import { hasWalletKey, type WalletKey } from './capabilities/walletKey';
import type { EnabledCoin } from './coin';
import { mmrpcCoin } from './coinLookup';

const signatureError = {
  invalidRequest: (reason: string): MmError =>
    new MmError({ errorType: 'InvalidRequest', message: `Invalid request: ${reason}`, errorData: reason, httpStatus: 400 }),
  internal: (reason: string): MmError =>
    new MmError({ errorType: 'InternalError', message: `Internal error: ${reason}`, errorData: reason, httpStatus: 500 }),
  prefixNotFound: (): MmError =>
    new MmError({ errorType: 'PrefixNotFound', message: 'sign_message_prefix is not set in coin config', httpStatus: 500 }),
};

const verificationError = {
  ...signatureError,
  coinIsNotFound: (reason: string): MmError =>
    new MmError({ errorType: 'CoinIsNotFound', message: `Coin is not found: ${reason}`, errorData: reason, httpStatus: 400 }),
};

const HD_ONLY = 'You need to enable kdf with enable_hd to sign messages with a specific account/address';
const SOFTWARE_ONLY =
  'Unsupported method: `activated_key_or_err` is supported only for `PrivKeyPolicy::KeyPair` or `PrivKeyPolicy::HDWallet`';

/** KDF's `HDAddressSelector`: `{account_id, chain, address_id}` or `{derivation_path}`. */
interface HdAddress {
  account: number;
  change: number;
  index: number;
  /** `m/purpose'/coin_type'` when given as a full path, checked against the coin's. */
  pathToCoin?: string;
}

function readHdAddress(p: ParamReader): HdAddress {
  if (p.has('derivation_path')) {
    const path = p.str('derivation_path');
    const m = /^(m\/\d+'\/\d+')\/(\d+)'\/(\d+)\/(\d+)$/.exec(path.slice(0, 128));
    if (!m) throw signatureError.invalidRequest(`Invalid derivation path: expected m/purpose'/coin_type'/account'/chain/address_id`);
    return { pathToCoin: m[1]!, account: Number(m[2]), change: Number(m[3]), index: Number(m[4]) };
  }
  const chain = p.oneOf('chain', ['External', 'Internal'] as const);
  return { account: p.uint('account_id'), change: chain === 'External' ? 0 : 1, index: p.uint('address_id') };
}

/** A coin that signs messages: its scheme, its key, and its addresses to verify against. */
type SigningCoin = EnabledCoin & MessageSigner & WalletKey & AddressFormats;

function coinOf(ctx: NodeContext, ticker: string, notFound: (reason: string) => MmError): SigningCoin {
  const coin = mmrpcCoin(ctx, ticker, notFound);
  if (!hasMessageSigner(coin) || !hasWalletKey(coin) || !hasAddressFormats(coin)) {
    throw signatureError.internal(`message signing is not supported for ${ticker}`);
  }
  return coin;
}

function signingKey(ctx: NodeContext, coin: SigningCoin, hd: HdAddress | undefined): KeyPair {
  const activated = coin.activatedKey(ctx.keys);
  if (!activated || !ctx.keys) throw signatureError.internal(SOFTWARE_ONLY);
  if (!hd) return activated;
  const pathToCoin = coin.config.derivationPath;
  if (hd.pathToCoin !== undefined && hd.pathToCoin !== pathToCoin) {
    throw signatureError.invalidRequest(`Invalid path to coin: expected ${pathToCoin ?? 'none'}, found ${hd.pathToCoin}`);
  }
  try {
    return ctx.keys.coinKeyPair(pathToCoin, hd.account, hd.change, hd.index);
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'InvalidParam') throw signatureError.invalidRequest(e.message);
    throw e;
  }
}

async function signMessage(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'sign_message'>> {
  const ticker = params.str('coin');
  const message = params.str('message');
  const selector = params.optObj('address');
  if (selector && ctx.keys?.mode !== 'hd') throw signatureError.invalidRequest(HD_ONLY);
  const hd = selector ? readHdAddress(selector) : undefined;
  const coin = coinOf(ctx, ticker, signatureError.internal);
  const prefix = coin.signMessagePrefix((t) => ctx.coinsConfig.get(t));
  if (prefix === undefined) throw signatureError.prefixNotFound();
  const key = signingKey(ctx, coin, hd);
  return { signature: coin.signMessage(prefix, message, key.privateKey) };
}

async function verifyMessage(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'verify_message'>> {
  const ticker = params.str('coin');
  const message = params.str('message');
  const signature = params.str('signature');
  const address = params.str('address');
  const coin = coinOf(ctx, ticker, verificationError.coinIsNotFound);
  const check = validateCoinAddress(coin, address);
  if (!check.isValid) throw verificationError.invalidRequest(check.reason ?? 'Unknown');
  const prefix = coin.signMessagePrefix((t) => ctx.coinsConfig.get(t));
  if (prefix === undefined) throw verificationError.prefixNotFound();
  return { is_valid: coin.verifyMessage(prefix, message, signature, address) };
}

export const messageHandlers: HandlerTable = {
  sign_message: { mmrpc: signMessage },
  verify_message: { mmrpc: verifyMessage },
};
