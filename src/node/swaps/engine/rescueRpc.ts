/**
 * The recovery methods: KDF's `recover_funds_of_swap` and `import_swaps` (flat, `{"result": …}`,
 * failures as plain error texts), KDF's `get_locked_amount` (mmrpc 2.0), and `export_swaps`, this
 * node's own method (not KDF's) giving every stored swap in KDF's `SavedSwap` JSON, the rescue file
 * `import_swaps` takes back in a fresh browser.
 */
import { MmNumber } from '../../../shared/number';
import type { NodeContext } from '../../core/context';
import type { SwapsErrorType } from '../../../shared/contract/errors';
import { MmError } from '../../core/errors';
import type { HandlerTable } from '../../core/handler';
import type { SwapEngine } from './engine';
import { exportSwap, ImportSwapsError, planImport } from './importExport';
import { UUID_RE } from '../../../shared/uuid';


const flat = (errorType: SwapsErrorType, message: string, cause?: unknown): MmError =>
  new MmError({ errorType, message, errorData: message, httpStatus: 500, cause });

function engineOf(ctx: NodeContext, errorType: SwapsErrorType): SwapEngine {
  if (!ctx.swaps) throw flat(errorType, 'Swaps are not running: the node has no key or no peer-to-peer network');
  return ctx.swaps;
}

export const rescueHandlers: HandlerTable = {
  recover_funds_of_swap: {
    legacy: async (ctx, args) => {
      const uuid = args.optObj('params')?.optStr('uuid');
      if (uuid === undefined || !UUID_RE.test(uuid)) throw flat('RecoverFundsError', 'params.uuid: expected a swap uuid');
      const recovered = await engineOf(ctx, 'RecoverFundsError').recoverFunds(uuid.toLowerCase());
      return {
        result: {
          action: recovered.action,
          coin: recovered.coin,
          tx_hash: recovered.transaction.txHash,
          tx_hex: recovered.transaction.txHex,
        },
      };
    },
  },
  import_swaps: {
    legacy: async (ctx, args) => {
      const engine = engineOf(ctx, 'ImportSwapsError');
      const keys = ctx.keys;
      if (!keys) throw new ImportSwapsError('No wallet key to import swaps for');
      const plan = planImport(args.has('swaps') ? args.raw('swaps') : undefined, { pubkey: keys.internal.publicKey, privkey: keys.internal.privateKey });
      const imported: string[] = [];
      const skipped = { ...plan.skipped };
      for (const swap of plan.swaps) {
        try {
          if (await engine.adopt(swap)) imported.push(swap.uuid);
          else skipped[swap.uuid] = 'a swap with this uuid is already stored';
        } catch (e) {
          skipped[swap.uuid] = `cannot store the swap: ${(e as Error).message}`;
        }
      }
      return { result: { imported, skipped } };
    },
  },
  export_swaps: {
    legacy: async (ctx) => {
      const engine = engineOf(ctx, 'ExportSwapsError');
      let swaps;
      try {
        swaps = await engine.history();
      } catch (e) {
        throw flat('ExportSwapsError', `Unable to read the swaps storage: ${(e as Error).message}`, e);
      }
      return { result: { swaps: swaps.map(exportSwap) } };
    },
  },
  get_locked_amount: {
    mmrpc: async (ctx, params) => {
      const coin = params.str('coin');
      if (!ctx.enabledCoins.get(coin)) {
        throw new MmError({ errorType: 'NoSuchCoin', message: `No such coin: ${coin}`, errorData: { coin }, httpStatus: 500 });
      }
      const locked = ctx.swaps?.lockedAmount(coin) ?? MmNumber.ZERO;
      // KDF's MmNumberMultiRepr (lp_swap.rs GetLockedAmountResp), not the `amount`/`_rat`/`_fraction` triple.
      return { coin, locked_amount: { decimal: locked.toDecimalString(), rational: locked.toRational(), fraction: locked.toFraction() } };
    },
  },
};
