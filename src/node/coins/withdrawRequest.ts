/** The `withdraw` arguments (spec §4.2, kdf-facts §1.2), the same in the flat and the mmrpc form. */
import { ParamError, type ParamReader } from '../../shared/params';
import type { WithdrawFee, WithdrawRequest } from './coin';

export function readWithdrawRequest(r: ParamReader): WithdrawRequest {
  const max = r.optBool('max', false);
  const amount = max ? null : r.num('amount');
  if (amount && !amount.isPositive()) throw new ParamError('amount', '`amount` must be greater than zero');
  return { to: r.str('to'), amount, max, fee: readFee(r.optObj('fee')) };
}

function readFee(f: ParamReader | undefined): WithdrawFee | null {
  if (!f) return null;
  const type = f.oneOf('type', ['UtxoFixed', 'UtxoPerKbyte', 'EthGas', 'Qrc20Gas'] as const);
  switch (type) {
    case 'UtxoFixed':
    case 'UtxoPerKbyte': {
      const amount = f.num('amount');
      if (amount.isNegative()) throw new ParamError(f.field('amount'), `\`${f.field('amount')}\` must not be negative`);
      return { type, amount };
    }
    case 'EthGas':
      return { type, gasPrice: f.num('gas_price'), gas: f.uint('gas') };
    case 'Qrc20Gas':
      return { type, gasLimit: f.uint('gas_limit'), gasPrice: f.uint('gas_price') };
  }
}
