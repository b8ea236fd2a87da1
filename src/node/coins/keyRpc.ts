/**
 * The wallet's keys over RPC, as KDF serves them: legacy `show_priv_key` (the activated coin's key,
 * WIF for UTXO coins, 0x hex for EVM coins), mmrpc `get_public_key` and `get_public_key_hash`
 * (the node's "mm2 internal" key and its hash160, which also names the wallet's databases).
 */
import type { HandlerTable, LegacyAnswer } from '../core/handler';
import type { NodeContext } from '../core/context';
import { bytesToHex } from '../crypto';
import { MmError } from '../core/errors';
import type { ParamReader } from '../../shared/params';
import { hasWalletKey } from './capabilities/walletKey';
import { legacyCoin, legacyError } from './coinLookup';

async function showPrivKey(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'show_priv_key'>> {
  // KDF reads `coin` by hand here, with its own message for a missing or non-string value.
  const ticker = args.raw('coin');
  if (typeof ticker !== 'string') throw legacyError("No 'coin' field");
  const coin = legacyCoin(ctx, ticker);
  if (!hasWalletKey(coin)) throw legacyError(`'display_priv_key' is not supported for ${ticker}`);
  const key = coin.activatedKey(ctx.keys);
  if (!key) throw legacyError("'display_priv_key' is not supported for Hardware Wallets");
  const privKey = coin.privKeyText(key);
  return { result: { coin: ticker, priv_key: privKey } };
}

/** KDF's `GetPublicKeyError::Internal` (500), its only variant. */
function publicKeyNotAvailable(): MmError {
  return new MmError({ errorType: 'Internal', message: 'public_key not available', errorData: 'public_key not available', httpStatus: 500 });
}

export const keyHandlers: HandlerTable = {
  show_priv_key: { legacy: showPrivKey },
  get_public_key: {
    mmrpc: async (ctx) => {
      if (!ctx.keys) throw publicKeyNotAvailable();
      return { public_key: bytesToHex(ctx.keys.internal.publicKey) };
    },
  },
  get_public_key_hash: {
    mmrpc: async (ctx) => {
      if (!ctx.keys) throw publicKeyNotAvailable();
      return { public_key_hash: ctx.keys.rmd160Hex };
    },
  },
};
