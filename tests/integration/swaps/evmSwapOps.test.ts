/**
 * SwapOps of ETH and ERC20 coins against the EtomicSwap contract on the devnet's anvil chain, with
 * our own EthChain wallets: the taker fee sent and checked, HTLC payments sent (a token approves
 * the contract once), checked against every agreed term, spent with the secret (the sender then
 * finds the spend and the secret), and refunded only once the chain's time reaches the lock time.
 * Balances are read with ethers, independent of the code under test, and gas comes from receipts,
 * so every balance is checked to the wei. Secret hashes are computed with node:crypto.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Contract, MaxUint256, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { EthChain } from '../../../src/node/coins/eth/ethChain';
import { encodeTransfer } from '../../../src/node/coins/eth/erc20';
import { EthSwapOps } from '../../../src/node/coins/eth/swapOps';
import { sendSwapTx } from '../../../src/node/coins/eth/swap/send';
import { paymentId, swapCallData } from '../../../src/node/coins/eth/swapContract';
import { SwapValidationError, type HtlcTerms, type SwapTx } from '../../../src/node/coins/swapOps';
import { deriveNodeKeys } from '../../../src/node/crypto';
import { devnet } from '../devnet/daemon';
import { chainBalance, chainProvider, DECIMALS, fundEvm, sendFromDeployer, SWAP_CONTRACT, tokenAddress, units, type EvmTicker } from '../eth/evmWallet';
import { freshPassphrase, waitFor } from '../utxo/walletNode';

/** KDF's dex fee address on EVM chains (kdf-facts §4.4). */
const DEX_FEE_ADDRESS = '0xD8997941Dd1346e9231118D5685d866294f59e5b';

const hash = (alg: string, b: Uint8Array): Uint8Array => new Uint8Array(createHash(alg).update(b).digest());
const dhash160 = (secret: Uint8Array): Uint8Array => hash('ripemd160', hash('sha256', secret));
const newSecret = (): Uint8Array => new Uint8Array(randomBytes(32));

function walletChain(label: string): EthChain {
  return new EthChain({
    urls: [devnet().evm.rpcUrl],
    chainId: 31337,
    keyPair: deriveNodeKeys(freshPassphrase(label), { enableHd: false }).internal,
    pollMs: 1000,
    log: () => undefined,
  });
}

function swapOps(chain: EthChain, ticker: EvmTicker, fallbackSwapContract: string | null = null): EthSwapOps {
  const coin = {
    chain,
    contract: ticker === 'ETHDEV' ? null : tokenAddress(ticker),
    decimals: DECIMALS[ticker],
    swapContractAddress: SWAP_CONTRACT,
    fallbackSwapContract,
    gasPrice: () => chain.api.gasPrice(),
  };
  return new EthSwapOps(coin, () => Date.now());
}

/** A rejection with SwapValidationError whose message contains `reason`. */
async function refused(p: Promise<unknown>, reason: string): Promise<void> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SwapValidationError);
  expect((error as Error).message).toContain(reason);
}

describe('EVM SwapOps on the devnet', () => {
  let provider: JsonRpcProvider;
  /** Pays the HTLCs and the fee. */
  let alice: EthChain;
  /** Receives the HTLCs. */
  let bob: EthChain;
  /** A bystander. */
  let carol: EthChain;

  /** What the swap contract may take of `owner`'s tokens, read with ethers. */
  const allowance = async (token: string, owner: string): Promise<bigint> =>
    (await new Contract(token, ['function allowance(address,address) view returns (uint256)'], provider)
      .getFunction('allowance')
      .staticCall(owner, SWAP_CONTRACT)) as bigint;
  const chainNow = async (): Promise<number> => (await provider.getBlock('latest'))!.timestamp;
  /** Transactions the wallet has sent, mined or not. */
  const nonce = (chain: EthChain): Promise<number> => provider.getTransactionCount(chain.address, 'pending');
  /**
   * Wei the transaction paid for gas, once mined; it must have succeeded. A transaction that
   * arrives while anvil mines its interval block waits for the next one.
   */
  async function gasPaid(tx: SwapTx): Promise<bigint> {
    const receipt = await provider.waitForTransaction(`0x${tx.txHash}`, 1, 30_000);
    expect(receipt?.status).toBe(1);
    return receipt!.gasUsed * receipt!.gasPrice;
  }

  beforeAll(async () => {
    provider = chainProvider();
    alice = walletChain('evm swap alice');
    bob = walletChain('evm swap bob');
    carol = walletChain('evm swap carol');
    await fundEvm(provider, alice.address, { ETHDEV: '10', 'DEVT18-ERC20': '100', 'DEVT6-ERC20': '100' });
    await fundEvm(provider, bob.address, { ETHDEV: '2' });
    await fundEvm(provider, carol.address, { ETHDEV: '2' });
  });
  afterAll(() => {
    for (const chain of [alice, bob, carol]) chain.close();
    provider.destroy();
  });

  it('exposes the wallet key and the contract as negotiation sends them', () => {
    const ops = swapOps(alice, 'ETHDEV');
    expect(ops.htlcPubkey).toEqual(alice.keyPair.publicKey);
    expect(ops.htlcPubkey.length).toBe(33);
    expect(Buffer.from(ops.swapContractBytes).toString('hex')).toBe(SWAP_CONTRACT.slice(2).toLowerCase());
  });

  it("tells a waiting swap of each new block from the chain's tip watcher, until it unsubscribes", async () => {
    const watched = walletChain('evm swap blocks');
    try {
      await watched.tip.start();
      const ops = swapOps(watched, 'ETHDEV');
      const heights: number[] = [];
      const unsubscribe = ops.onNewBlock(() => heights.push(watched.tip.height));
      // anvil mines a block every second on the devnet.
      await waitFor('two block notices', async () => (heights.length >= 2 ? true : undefined), 30_000);
      expect(heights[1]).toBeGreaterThan(heights[0]!);
      unsubscribe();
      const told = heights.length;
      const tip = await provider.getBlockNumber();
      await waitFor('two more blocks', async () => (watched.tip.height >= tip + 2 ? true : undefined), 30_000);
      expect(heights).toHaveLength(told);
    } finally {
      watched.close();
    }
  });

  describe.each(['ETHDEV', 'DEVT18-ERC20'] as const)('%s taker fee', (ticker) => {
    const fee = { fee: MmNumber.parse('0.0125'), burn: MmNumber.ZERO };
    const feeUnits = (): bigint => units(ticker, '0.0125');
    /** The tip when "the swap" started (KDF's `taker_coin_start_block`): the fees here come after it. */
    let startBlock = 0;

    it('is paid to the dex fee address and validated by the maker', async () => {
      startBlock = await provider.getBlockNumber();
      const dexBefore = await chainBalance(provider, ticker, DEX_FEE_ADDRESS);
      const aliceBefore = await chainBalance(provider, ticker, alice.address);
      const tx = await swapOps(alice, ticker).sendTakerFee(fee, '6e1b9a44-2d21-4f1e-8f5a-1c9d2b3e4f50');
      const gas = await gasPaid(tx);
      expect(await chainBalance(provider, ticker, DEX_FEE_ADDRESS)).toBe(dexBefore + feeUnits());
      const aliceSpent = ticker === 'ETHDEV' ? feeUnits() + gas : feeUnits();
      expect(await chainBalance(provider, ticker, alice.address)).toBe(aliceBefore - aliceSpent);

      const maker = swapOps(bob, ticker);
      await expect(maker.validateTakerFee(tx, fee, alice.keyPair.publicKey, startBlock)).resolves.toBeUndefined();
      // The same transaction received as bytes is the same transaction.
      const fromBytes = maker.txFromBytes(Buffer.from(tx.txHex, 'hex'));
      expect(fromBytes).toEqual(tx);
      // A smaller fee is fine, a larger one is not paid.
      await expect(maker.validateTakerFee(tx, { fee: MmNumber.parse('0.0124'), burn: MmNumber.ZERO }, alice.keyPair.publicKey, startBlock)).resolves.toBeUndefined();
      await refused(maker.validateTakerFee(tx, { fee: MmNumber.parse('0.0126'), burn: MmNumber.ZERO }, alice.keyPair.publicKey, startBlock), 'less than expected');
      await refused(maker.validateTakerFee(tx, fee, carol.keyPair.publicKey, startBlock), 'sent from wrong address');
      // Bytes that do not hash to the claimed hash name nothing.
      await refused(maker.validateTakerFee({ ...tx, txHash: 'ab'.repeat(32) }, fee, alice.keyPair.publicKey, startBlock), 'not to the claimed');
    });

    it("is refused once mined at or before the swap's start block (KDF min_block_number), accepted when mined after it", async () => {
      const tx = await swapOps(alice, ticker).sendTakerFee(fee, '6e1b9a44-2d21-4f1e-8f5a-1c9d2b3e4f51');
      const minedAt = (await provider.waitForTransaction(`0x${tx.txHash}`, 1, 30_000))!.blockNumber;
      const maker = swapOps(bob, ticker);
      await expect(maker.validateTakerFee(tx, fee, alice.keyPair.publicKey, minedAt - 1)).resolves.toBeUndefined();
      // A later swap shown this old fee: refused at the boundary and after it.
      for (const laterStart of [minedAt, minedAt + 5]) {
        await refused(maker.validateTakerFee(tx, fee, alice.keyPair.publicKey, laterStart), `Early confirmation: Fee tx 0x${tx.txHash}`);
        await refused(maker.validateTakerFee(tx, fee, alice.keyPair.publicKey, laterStart), `(block ${minedAt}) confirmed before min_block ${laterStart}`);
      }
    });

    it('is refused when it pays somebody else', async () => {
      const amount = feeUnits();
      const token = ticker === 'ETHDEV' ? null : tokenAddress(ticker);
      const call = token
        ? { to: token, value: 0n, data: encodeTransfer(carol.address, amount) }
        : { to: carol.address, value: amount, data: '0x' };
      const tx = await sendSwapTx(alice, () => alice.api.gasPrice(), call);
      await gasPaid(tx);
      await refused(swapOps(bob, ticker).validateTakerFee(tx, fee, alice.keyPair.publicKey, startBlock), 'wrong address');
    });
  });

  describe.each([
    ['ETHDEV', '0.75'],
    ['DEVT18-ERC20', '7.5'],
    ['DEVT6-ERC20', '12.345678'],
  ] as const)('%s HTLC payment of %s', (ticker, amountText) => {
    const amount = MmNumber.parse(amountText);
    const base = (): bigint => units(ticker, amountText);
    const isToken = ticker !== 'ETHDEV';

    async function newTerms(lockIn: number, secret: Uint8Array): Promise<HtlcTerms> {
      return {
        timeLock: (await chainNow()) + lockIn,
        senderPubkey: alice.keyPair.publicKey,
        receiverPubkey: bob.keyPair.publicKey,
        secretHash: dhash160(secret),
        amount,
        swapContract: SWAP_CONTRACT,
      };
    }

    it('is sent (a token approves first), validated, spent with the secret; the sender finds the spend and the secret', async () => {
      const sender = swapOps(alice, ticker);
      const receiver = swapOps(bob, ticker);
      const secret = newSecret();
      const terms = await newTerms(3600, secret);
      const startBlock = await sender.currentBlock();
      const aliceBefore = await chainBalance(provider, ticker, alice.address);
      const noncesBefore = await nonce(alice);

      const payment = await sender.sendPayment(terms);
      // A fresh wallet's token payment is two transactions: approve(contract, MAX), then erc20Payment.
      expect(await nonce(alice)).toBe(noncesBefore + (isToken ? 2 : 1));
      const paymentGas = await gasPaid(payment);
      if (ticker !== 'ETHDEV') expect(await allowance(tokenAddress(ticker), alice.address)).toBe(MaxUint256);
      if (isToken) expect(await chainBalance(provider, ticker, alice.address)).toBe(aliceBefore - base());
      else expect(await chainBalance(provider, ticker, alice.address)).toBe(aliceBefore - base() - paymentGas);
      expect(await sender.confirmations(payment.txHash)).toBeGreaterThanOrEqual(1);
      expect(await sender.checkIfMyPaymentSent(terms, startBlock)).toEqual(payment);

      await expect(receiver.validatePayment(payment, terms)).resolves.toBeUndefined();
      await refused(receiver.validatePayment(payment, { ...terms, amount: amount.add(MmNumber.fromBaseUnits(1n, DECIMALS[ticker])) }), 'invalid');
      await refused(receiver.validatePayment(payment, { ...terms, secretHash: dhash160(newSecret()) }), "'swap_id'");
      await refused(receiver.validatePayment(payment, { ...terms, timeLock: terms.timeLock + 1 }), "'swap_id'");
      // Another contract: refused outright unless it is one of the coin's own, then on the payment's target.
      const elsewhere = tokenAddress('DEVT18-ERC20');
      await refused(receiver.validatePayment(payment, { ...terms, swapContract: elsewhere }), "neither the coin's swap_contract_address");
      await refused(swapOps(bob, ticker, elsewhere).validatePayment(payment, { ...terms, swapContract: elsewhere }), 'sent to wrong address');
      await refused(receiver.validatePayment(payment, { ...terms, senderPubkey: carol.keyPair.publicKey }), 'sent from wrong address');
      // Carol is not the receiver: the payment names Bob.
      await refused(swapOps(carol, ticker).validatePayment(payment, { ...terms, receiverPubkey: carol.keyPair.publicKey }), 'receiver arg');
      expect(await sender.findPaymentOutcome(payment, terms)).toBeNull();

      // A wrong secret sends nothing.
      const bobNonce = await nonce(bob);
      await refused(receiver.spendPayment(payment, terms, newSecret()), 'does not hash');
      expect(await nonce(bob)).toBe(bobNonce);

      const bobBefore = await chainBalance(provider, ticker, bob.address);
      const spend = await receiver.spendPayment(payment, terms, secret);
      const spendGas = await gasPaid(spend);
      expect(await chainBalance(provider, ticker, bob.address)).toBe(bobBefore + base() - (isToken ? 0n : spendGas));
      // Spent once: validation and a second spend now fail on the contract's state.
      await refused(receiver.validatePayment(payment, terms), 'Payment state is not PaymentSent');
      await refused(receiver.spendPayment(payment, terms, secret), 'Payment state is not PaymentSent');

      const outcome = await sender.findPaymentOutcome(payment, terms);
      expect(outcome).toEqual({ type: 'Spent', tx: spend, secret });
      expect(sender.extractSecret(spend, terms.secretHash)).toEqual(secret);
      expect(() => sender.extractSecret(spend, dhash160(newSecret()))).toThrow(SwapValidationError);
      expect(() => sender.extractSecret(payment, terms.secretHash)).toThrow(SwapValidationError);
    });

    it('is refunded only once the chain reaches the lock time, to the wei', async () => {
      const sender = swapOps(alice, ticker);
      const secret = newSecret();
      const terms = await newTerms(4, secret);
      const aliceBefore = await chainBalance(provider, ticker, alice.address);
      const noncesBefore = await nonce(alice);

      const payment = await sender.sendPayment(terms);
      // The contract's allowance is MAX since the first payment: no approve this time.
      expect(await nonce(alice)).toBe(noncesBefore + 1);
      const paymentGas = await gasPaid(payment);

      if (!(await sender.canRefund(terms.timeLock))) {
        await refused(sender.refundPayment(payment, terms), 'is locked until');
        expect(await nonce(alice)).toBe(noncesBefore + 1);
      }
      await waitFor('the lock time on chain', async () => ((await sender.canRefund(terms.timeLock)) ? true : undefined), 30_000);
      expect(await chainNow()).toBeGreaterThanOrEqual(terms.timeLock);

      const refund = await sender.refundPayment(payment, terms);
      const refundGas = await gasPaid(refund);
      const gas = isToken ? 0n : paymentGas + refundGas;
      expect(await chainBalance(provider, ticker, alice.address)).toBe(aliceBefore - gas);
      expect(await sender.findPaymentOutcome(payment, terms)).toEqual({ type: 'Refunded', tx: refund });
      await refused(sender.refundPayment(payment, terms), 'Payment state is not PaymentSent');
    });
  });

  it('an early refund is refused without sending anything', async () => {
    const sender = swapOps(alice, 'ETHDEV');
    const terms: HtlcTerms = {
      timeLock: (await chainNow()) + 3600,
      senderPubkey: alice.keyPair.publicKey,
      receiverPubkey: bob.keyPair.publicKey,
      secretHash: dhash160(newSecret()),
      amount: MmNumber.parse('0.01'),
      swapContract: SWAP_CONTRACT,
    };
    const payment = await sender.sendPayment(terms);
    await gasPaid(payment);
    const before = await nonce(alice);
    expect(await sender.canRefund(terms.timeLock)).toBe(false);
    await refused(sender.refundPayment(payment, terms), 'is locked until');
    expect(await nonce(alice)).toBe(before);
  });

  it('a payment somebody else opened under our id is not taken for ours', async () => {
    // Someone else opens the id first (ids are public once our payment is seen).
    const sender = swapOps(alice, 'ETHDEV');
    const terms: HtlcTerms = {
      timeLock: (await chainNow()) + 3600,
      senderPubkey: alice.keyPair.publicKey,
      receiverPubkey: bob.keyPair.publicKey,
      secretHash: dhash160(newSecret()),
      amount: MmNumber.parse('0.01'),
      swapContract: SWAP_CONTRACT,
    };
    const from = await sender.currentBlock();
    const data = swapCallData.ethPayment({
      id: paymentId(terms.timeLock, terms.secretHash),
      receiver: carol.address,
      secretHash: terms.secretHash,
      lockTime: terms.timeLock,
      amount: 1n,
    });
    // The deployer pays it: another wallet than the sender's.
    await sendFromDeployer(provider, { to: SWAP_CONTRACT, data, value: 1n });
    await refused(sender.checkIfMyPaymentSent(terms, from), 'not by this wallet');
  });
});
