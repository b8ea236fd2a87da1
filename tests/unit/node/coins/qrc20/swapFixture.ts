/** The shape of tests/fixtures/qrc20/swap.json (KDF's real QRC20 swap transactions, each noting its source). */
export interface FixtureTx {
  description: string;
  txHex: string;
  receipts?: unknown[];
}

export interface FixturePayment extends FixtureTx {
  txHash: string;
  timeLock: number;
  secretHash: string;
  amount: string;
  swapId: string;
  receipts: unknown[];
}

export interface SwapFixture {
  token: string;
  swapContract: string;
  kdfTopics: { paymentSent: string; receiverSpent: string; senderRefunded: string };
  makerPrivKey: number[];
  makerPubkey: string;
  makerAddress: string;
  takerPrivKey: number[];
  takerPubkey: string;
  takerAddress: string;
  dexFeeAddress: string;
  payment: FixturePayment & { amountBaseUnits: string };
  approvePayment: FixtureTx & { balance: string };
  exceptedPayment: FixtureTx & { timeLock: number; secretHash: string; amountBaseUnits: string; receipts: unknown[]; error: string };
  maliciousPayment: FixtureTx & { timeLock: number; amount: string; receipts: unknown[]; error: string };
  takerFee: FixtureTx & { txHash: string; amount: string; receipts: unknown[] };
  plainQtumTx: FixtureTx & { senderPubkey: string };
  spend: FixtureTx & { secret: string; secretHash: string };
  spendPayment: FixturePayment;
  maliciousSpend: FixtureTx & { txHash: string; receipts: unknown[] };
}
