/**
 * UTXO transactions, pure: coin selection for the lowest fee, with KDF's fee rules, within the
 * standard size (planTx), signing that yields to the event loop (signTx), the size estimate fees are computed from,
 * output-script templates and amount text.
 */
export type { FeePolicy, FeeRate, InputKind, TxOutput, TxPlan, TxPlanRequest, Unspent } from './types';
export { planTx } from './plan';
export {
  coinSighashScheme,
  coinTxFormat,
  PLAIN_SIGHASH,
  sighashScheme,
  signInput,
  signLegacyScriptInput,
  signTx,
  type SighashScheme,
  type SignedTx,
} from './sign';
export { layoutBytes, newTx, parseTx, txFormat, type TxFormat } from './txFormat';
export { TxDecodeError, ZcashTransaction } from './zcashTx';
export { estimateTxVsize, estimateTxWeight } from './size';
export { MAX_STANDARD_TX_WEIGHT, fitsStandardSize, maxStandardInputs } from './standardSize';
export { feeForVsize } from './fee';
export { decimalToSat, satToDecimal } from './amount';
export { isOpReturn, opReturnScript, outputScript, p2pkhScript, p2shScript, p2wpkhScript, p2wshScript, type UtxoAddressKind } from './scripts';
