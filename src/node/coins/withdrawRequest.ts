/** The `withdraw` arguments (spec §4.2, kdf-facts §1.2), the same in the flat and the mmrpc form. */
import { ParamError, type ParamReader } from '../../shared/params';
import type { WithdrawFee, WithdrawFrom, WithdrawRequest } from './coin';

export function readWithdrawRequest(r: ParamReader): WithdrawRequest {
  const max = r.optBool('max', false);
  const amount = max ? null : r.num('amount');
  if (amount && !amount.isPositive()) throw new ParamError('amount', '`amount` must be greater than zero');
  const from = r.optObj('from');
  return { to: r.str('to'), amount, max, fee: readFee(r.optObj('fee')), ...(from ? { from: readFrom(from) } : {}) };
}

/** `{derivation_path}` or `{account_id, chain, address_id}` (KDF's untagged `HDAddressSelector`); ids are u32. */
function readFrom(f: ParamReader): WithdrawFrom {
  if (f.has('derivation_path')) return { derivationPath: f.str('derivation_path') };
  return { accountId: u32(f, 'account_id'), chain: f.oneOf('chain', ['External', 'Internal'] as const), addressId: u32(f, 'address_id') };
}

function u32(r: ParamReader, name: string): number {
  const n = r.uint(name);
  if (n > 0xffff_ffff) throw new ParamError(r.field(name), `invalid value: integer \`${n}\`, expected u32`);
  return n;
}

function readFee(f: ParamReader | undefined): WithdrawFee | null {
  if (!f) return null;
  const type = f.oneOf('type', ['UtxoFixed', 'UtxoPerKbyte', 'EthGas', 'EthGasEip1559', 'Qrc20Gas'] as const);
  switch (type) {
    case 'UtxoFixed':
    case 'UtxoPerKbyte': {
      const amount = f.num('amount');
      if (amount.isNegative()) throw new ParamError(f.field('amount'), `\`${f.field('amount')}\` must not be negative`);
      return { type, amount };
    }
    case 'EthGas':
      return { type, gasPrice: f.num('gas_price'), gas: f.uint('gas') };
    case 'EthGasEip1559':
      return {
        type,
        maxFeePerGas: f.num('max_fee_per_gas'),
        maxPriorityFeePerGas: f.num('max_priority_fee_per_gas'),
        gas: readGasOption(f.obj_('gas_option')),
      };
    case 'Qrc20Gas':
      return { type, gasLimit: f.uint('gas_limit'), gasPrice: f.uint('gas_price') };
  }
}

/**
 * KDF's `EthGasLimitOption`: `{"type":"Calc"}` lets the node estimate the gas limit (null here),
 * `{"type":"Set","gas":N}` sets it. (KDF declares `Set(u64)` in a serde-tagged enum, which cannot
 * read a bare number, so the limit is taken from `gas` as the other EVM fee types name it.)
 */
function readGasOption(o: ParamReader): number | null {
  return o.oneOf('type', ['Calc', 'Set'] as const) === 'Calc' ? null : o.uint('gas');
}
