/**
 * A QRC20 token's custom fee (`Qrc20Gas`): the gas limit of its contract call and the gas price in
 * satoshis of QTUM per gas. The page refuses what the node would: figures that are not whole
 * numbers a JSON integer holds exactly, zero (no contract call can be built with it), or a gas fee
 * (limit × price) beyond the node's 64-bit bound, so nothing is asked that must fail.
 */

export interface Qrc20GasInput {
  gasLimit: string;
  gasPrice: string;
}

export interface Qrc20GasErrors {
  gasLimit: string | null;
  gasPrice: string | null;
}

export interface Qrc20GasFee {
  type: 'Qrc20Gas';
  gas_limit: number;
  gas_price: number;
}

/** The node reads both figures as JSON integers: larger ones lose digits on the way. */
const MAX_FIGURE = BigInt(Number.MAX_SAFE_INTEGER);
/** The node keeps the gas fee in a signed 64-bit integer of satoshis. */
export const MAX_QRC20_GAS_FEE = (1n << 63n) - 1n;

/** KDF's defaults, shown as placeholders: a transfer's gas limit and 40 satoshis per gas. */
export const QRC20_GAS_PLACEHOLDERS = { gasLimit: '100000', gasPrice: '40' } as const;

/** Longer input is refused before it is read as a number. */
const MAX_DIGITS = 20;

function figureError(raw: string, what: string, example: string): string | null {
  const s = raw.trim();
  if (s === '') return `Enter the ${what}.`;
  if (s.length > MAX_DIGITS || !/^\d+$/.test(s)) return `The ${what} is a whole number, such as ${example}.`;
  const n = BigInt(s);
  if (n === 0n) return `The ${what} must be at least 1.`;
  if (n > MAX_FIGURE) return `The ${what} must be at most ${MAX_FIGURE}.`;
  return null;
}

export function qrc20GasErrors(input: Qrc20GasInput): Qrc20GasErrors {
  const gasLimit = figureError(input.gasLimit, 'gas limit', QRC20_GAS_PLACEHOLDERS.gasLimit);
  let gasPrice = figureError(input.gasPrice, 'gas price', QRC20_GAS_PLACEHOLDERS.gasPrice);
  if (gasLimit === null && gasPrice === null && BigInt(input.gasLimit.trim()) * BigInt(input.gasPrice.trim()) > MAX_QRC20_GAS_FEE) {
    gasPrice = `Gas limit × gas price must be at most ${MAX_QRC20_GAS_FEE} satoshis.`;
  }
  return { gasLimit, gasPrice };
}

/** The withdraw fee of valid inputs (check `qrc20GasErrors` first). */
export function qrc20GasFee(input: Qrc20GasInput): Qrc20GasFee {
  return { type: 'Qrc20Gas', gas_limit: Number(input.gasLimit.trim()), gas_price: Number(input.gasPrice.trim()) };
}
