/**
 * UTXO transactions, pure and synchronous: KDF's coin selection and fee (planTx), signing
 * (signTx), the size estimate fees are computed from, output-script templates and amount text.
 */
export type { FeePolicy, FeeRate, InputKind, TxOutput, TxPlan, TxPlanRequest, Unspent } from './types';
export { planTx } from './plan';
export { signInput, signTx, type SignedTx } from './sign';
export { estimateTxVsize } from './size';
export { feeForVsize } from './fee';
export { decimalToSat, satToDecimal } from './amount';
export { isOpReturn, opReturnScript, outputScript, p2pkhScript, p2shScript, p2wpkhScript, p2wshScript, type UtxoAddressKind } from './scripts';
