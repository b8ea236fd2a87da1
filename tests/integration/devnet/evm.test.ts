/**
 * The devnet's EVM chain: the contracts at the addresses public/coins.json names, the funded test
 * wallets, and EtomicSwap behaving as KDF's v1 contract (kdf-facts §4.6), driven with ethers
 * directly. Swap parties are fresh wallets funded by the deployer, so the test wallets keep their
 * devnet balances; lock times are set relative to the chain's clock, never by moving it.
 */
import {
  concat,
  Contract,
  hexlify,
  Interface,
  parseEther,
  parseUnits,
  randomBytes,
  ripemd160,
  sha256,
  solidityPacked,
  Wallet,
  ZeroAddress,
  type TransactionReceipt,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContracts, type Artifacts } from '../../../devnet/evm/compile';
import { ethAddress } from '../../../devnet/evm/keys';
import { evmProvider } from '../../../devnet/evm/provider';
import { devnet } from './daemon';

const info = devnet();
const provider = evmProvider(info.evm.rpcUrl);
const deployer = new Wallet(info.evm.deployerKey, provider);
const SWAP = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DEVT18 = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const DEVT6 = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
/** KDF sends swap transactions with these fixed gas limits (kdf-facts §4.6): the contract must fit. */
const KDF_GAS = { ethPayment: 65_000n, erc20Payment: 150_000n, ethSpend: 65_000n, erc20Spend: 150_000n, ethRefund: 100_000n };
const PAYMENT_SENT = 1n;
const RECEIVER_SPENT = 2n;
const SENDER_REFUNDED = 3n;

let artifacts: Artifacts;
beforeAll(async () => {
  artifacts = await compileContracts();
});
afterAll(() => provider.destroy());

const swapAs = (signer: Wallet): Contract => new Contract(SWAP, artifacts.EtomicSwap.abi, signer);
const tokenAs = (address: string, signer: Wallet): Contract => new Contract(address, artifacts.TestToken.abi, signer);

/** Sends a contract call and waits for its receipt; a revert rejects with ethers' CALL_EXCEPTION (from gas estimation). */
async function send(c: Contract, fn: string, ...args: unknown[]): Promise<TransactionReceipt> {
  const receipt = await (await c.getFunction(fn).send(...args)).wait();
  return receipt!;
}
const reverts = (reason: string): { code: string; reason: string } => ({ code: 'CALL_EXCEPTION', reason: `EtomicSwap: ${reason}` });

const read = async (c: Contract, fn: string, ...args: unknown[]): Promise<unknown> => c.getFunction(fn).staticCall(...args);
const payment = async (id: string): Promise<unknown[]> => [...((await read(swapAs(deployer), 'payments', id)) as unknown[])];
/** The swap contract's events in a receipt, as [name, args]. */
const events = (receipt: TransactionReceipt): [string, unknown[]][] =>
  receipt.logs
    .filter((l) => l.address.toLowerCase() === SWAP.toLowerCase())
    .map((l) => swapAs(deployer).interface.parseLog(l))
    .map((e) => [e!.name, [...e!.args]]);

/** A new wallet with `eth` ETH and, optionally, some DEVT6 from the deployer. */
async function freshWallet(eth = '1', devt6 = 0n): Promise<Wallet> {
  const w = new Wallet(hexlify(randomBytes(32)), provider);
  await (await deployer.sendTransaction({ to: w.address, value: parseEther(eth) })).wait();
  if (devt6 > 0n) await send(tokenAs(DEVT6, deployer), 'transfer', w.address, devt6);
  return w;
}

/** KDF's formulas (kdf-facts §4.6), computed off-chain. */
const secretHashOf = (secret: string): string => ripemd160(sha256(secret));
function paymentId(lockTime: number, secretHash: string): string {
  const le = new Uint8Array(4);
  new DataView(le.buffer).setUint32(0, lockTime, true);
  return sha256(concat([le, secretHash]));
}
const paymentHash = (receiver: string, sender: string, secretHash: string, token: string, amount: bigint): string =>
  ripemd160(solidityPacked(['address', 'address', 'bytes20', 'address', 'uint256'], [receiver, sender, secretHash, token, amount]));

const chainNow = async (): Promise<number> => (await provider.getBlock('latest'))!.timestamp;

interface Swap {
  id: string;
  secret: string;
  secretHash: string;
  lockTime: number;
}
async function newSwap(lockIn: number): Promise<Swap> {
  const secret = hexlify(randomBytes(32));
  const secretHash = secretHashOf(secret);
  const lockTime = (await chainNow()) + lockIn;
  return { id: paymentId(lockTime, secretHash), secret, secretHash, lockTime };
}

describe('EVM devnet', () => {
  it('has the contracts at the public/coins.json addresses, and devnet.json says so', async () => {
    expect(Number(await provider.send('eth_chainId', []))).toBe(31337);
    expect(info.evm).toEqual({
      rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      chainId: 31337,
      pid: expect.any(Number),
      swapContract: SWAP,
      fallbackSwapContract: SWAP,
      tokens: { 'DEVT18-ERC20': DEVT18, 'DEVT6-ERC20': DEVT6 },
      deployerKey: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      fundedAtBlock: expect.any(Number),
    });
    expect(deployer.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const args = { urls: [info.evm.rpcUrl], swap_contract_address: SWAP, fallback_swap_contract: SWAP };
    for (const ticker of ['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20'] as const) expect(info.coins[ticker]).toEqual(args);

    for (const address of [SWAP, DEVT18, DEVT6]) expect((await provider.getCode(address)).length).toBeGreaterThan(2);
    for (const [address, symbol, decimals] of [
      [DEVT18, 'DEVT18', 18n],
      [DEVT6, 'DEVT6', 6n],
    ] as const) {
      const token = tokenAs(address, deployer);
      expect([await read(token, 'symbol'), await read(token, 'decimals'), await read(token, 'totalSupply')]).toEqual([
        symbol,
        decimals,
        parseUnits('1000000', decimals),
      ]);
    }
  });

  // As of the funding block: other test files spend these wallets afterwards.
  it('funded the test wallets at their iguana ETH addresses', async () => {
    const at = { blockTag: info.evm.fundedAtBlock };
    expect(ethAddress('bob passphrase')).toBe('0xf5c3bf03cBA4E343484588932e423A7C8BFf102d'); // kdf-facts §3
    const expected = { alice: ['100', '1000'], bob: ['100', '1000'], many: ['10', '0'], empty: ['0', '0'] } as const;
    for (const [name, [eth, tokens]] of Object.entries(expected)) {
      const wallet = info.wallets[name]!;
      const address = ethAddress(wallet.passphrase);
      for (const ticker of ['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20']) expect(wallet.addresses[ticker]).toBe(address);
      expect(await provider.getBalance(address, at.blockTag)).toBe(parseEther(eth));
      expect(await read(tokenAs(DEVT18, deployer), 'balanceOf', address, at)).toBe(parseUnits(tokens, 18));
      expect(await read(tokenAs(DEVT6, deployer), 'balanceOf', address, at)).toBe(parseUnits(tokens, 6));
    }
  });

  it("EtomicSwap has exactly KDF's v1 ABI: functions, selectors, events", () => {
    const compiled = new Interface(artifacts.EtomicSwap.abi);
    const kdf = new Interface([
      'function ethPayment(bytes32 _id, address _receiver, bytes20 _secretHash, uint64 _lockTime) payable',
      'function erc20Payment(bytes32 _id, uint256 _amount, address _tokenAddress, address _receiver, bytes20 _secretHash, uint64 _lockTime)',
      'function receiverSpend(bytes32 _id, uint256 _amount, bytes32 _secret, address _tokenAddress, address _sender)',
      'function senderRefund(bytes32 _id, uint256 _amount, bytes20 _paymentHash, address _tokenAddress, address _receiver)',
      'function payments(bytes32) view returns (bytes20 paymentHash, uint64 lockTime, uint8 state)',
      'event PaymentSent(bytes32 id)',
      'event ReceiverSpent(bytes32 id, bytes32 secret)',
      'event SenderRefunded(bytes32 id)',
    ]);
    expect(compiled.format().sort()).toEqual(kdf.format().sort());
    const names = ['ethPayment', 'erc20Payment', 'receiverSpend', 'senderRefund', 'payments'];
    expect(Object.fromEntries(names.map((n) => [n, compiled.getFunction(n)!.selector]))).toEqual({
      ethPayment: '0x152cf3af',
      erc20Payment: '0x9b415b2a',
      receiverSpend: '0x02ed292b',
      senderRefund: '0x46fc0294',
      payments: '0x0716326d',
    });
    expect(compiled.getEvent('PaymentSent')!.topicHash).toMatch(/^0xccc9c051.*4ad57$/);
    expect(compiled.getEvent('ReceiverSpent')!.topicHash).toMatch(/^0x36c177bc.*1f3e$/);
    expect(compiled.getEvent('SenderRefunded')!.topicHash).toMatch(/^0x1797d500.*35ba$/);
  });

  it('ethPayment, then receiverSpend with the secret: ETH to the receiver, the secret in the event', async () => {
    const [sender, receiver, stranger] = [await freshWallet(), await freshWallet(), await freshWallet()];
    const s = await newSwap(3600);
    const amount = parseEther('0.25');
    const paid = await send(swapAs(sender), 'ethPayment', s.id, receiver.address, s.secretHash, s.lockTime, { value: amount });
    expect(events(paid)).toEqual([['PaymentSent', [s.id]]]);
    expect(paid.gasUsed).toBeLessThan(KDF_GAS.ethPayment);
    expect(await payment(s.id)).toEqual([paymentHash(receiver.address, sender.address, s.secretHash, ZeroAddress, amount), BigInt(s.lockTime), PAYMENT_SENT]);
    expect(await provider.getBalance(SWAP)).toBeGreaterThanOrEqual(amount);

    const spend = (who: Wallet, secret: string, value = amount): Promise<TransactionReceipt> =>
      send(swapAs(who), 'receiverSpend', s.id, value, secret, ZeroAddress, sender.address);
    await expect(spend(receiver, hexlify(randomBytes(32)))).rejects.toMatchObject(reverts('invalid payment'));
    await expect(spend(stranger, s.secret)).rejects.toMatchObject(reverts('invalid payment'));
    await expect(spend(receiver, s.secret, amount + 1n)).rejects.toMatchObject(reverts('invalid payment'));

    const before = await provider.getBalance(receiver.address);
    const spent = await spend(receiver, s.secret);
    expect(events(spent)).toEqual([['ReceiverSpent', [s.id, s.secret]]]);
    expect(spent.gasUsed).toBeLessThan(KDF_GAS.ethSpend);
    expect(await provider.getBalance(receiver.address)).toBe(before + amount - spent.fee);
    expect((await payment(s.id))[2]).toBe(RECEIVER_SPENT);

    await expect(spend(receiver, s.secret)).rejects.toMatchObject(reverts('not in PaymentSent state'));
    const refund = send(swapAs(sender), 'senderRefund', s.id, amount, s.secretHash, ZeroAddress, receiver.address);
    await expect(refund).rejects.toMatchObject(reverts('locktime not reached'));
  });

  it('erc20Payment pulls approved tokens, and receiverSpend pays them out', async () => {
    const amount = parseUnits('12.5', 6);
    const [sender, receiver] = [await freshWallet('1', amount), await freshWallet()];
    const s = await newSwap(3600);
    const pay = (): Promise<TransactionReceipt> => send(swapAs(sender), 'erc20Payment', s.id, amount, DEVT6, receiver.address, s.secretHash, s.lockTime);
    await expect(pay()).rejects.toMatchObject(reverts('token transfer failed')); // no allowance yet
    const notAToken = send(swapAs(sender), 'erc20Payment', s.id, amount, receiver.address, receiver.address, s.secretHash, s.lockTime);
    await expect(notAToken).rejects.toMatchObject(reverts('token is not a contract'));

    const token = tokenAs(DEVT6, sender);
    const swapBefore = (await read(token, 'balanceOf', SWAP)) as bigint;
    await send(token, 'approve', SWAP, amount);
    const paid = await pay();
    expect(events(paid)).toEqual([['PaymentSent', [s.id]]]);
    expect(paid.gasUsed).toBeLessThan(KDF_GAS.erc20Payment);
    expect(await payment(s.id)).toEqual([paymentHash(receiver.address, sender.address, s.secretHash, DEVT6, amount), BigInt(s.lockTime), PAYMENT_SENT]);
    expect(await read(token, 'balanceOf', sender.address)).toBe(0n);
    expect(await read(token, 'balanceOf', SWAP)).toBe(swapBefore + amount);
    expect(await read(token, 'allowance', sender.address, SWAP)).toBe(0n);

    const spent = await send(swapAs(receiver), 'receiverSpend', s.id, amount, s.secret, DEVT6, sender.address);
    expect(events(spent)).toEqual([['ReceiverSpent', [s.id, s.secret]]]);
    expect(spent.gasUsed).toBeLessThan(KDF_GAS.erc20Spend);
    expect(await read(token, 'balanceOf', receiver.address)).toBe(amount);
    expect(await read(token, 'balanceOf', SWAP)).toBe(swapBefore);
    expect((await payment(s.id))[2]).toBe(RECEIVER_SPENT);
  });

  it('senderRefund: only by the sender, only from lockTime on; the funds go back', async () => {
    const [sender, receiver] = [await freshWallet(), await freshWallet()];
    const amount = parseEther('0.1');
    const open = async (s: Swap): Promise<TransactionReceipt> =>
      send(swapAs(sender), 'ethPayment', s.id, receiver.address, s.secretHash, s.lockTime, { value: amount });
    const refund = (who: Wallet, s: Swap): Promise<TransactionReceipt> =>
      send(swapAs(who), 'senderRefund', s.id, amount, s.secretHash, ZeroAddress, receiver.address);

    const locked = await newSwap(3600);
    await open(locked);
    await expect(refund(sender, locked)).rejects.toMatchObject(reverts('locktime not reached'));

    const expired = await newSwap(-60); // the contract takes any lock time; this one is over
    const before = await provider.getBalance(sender.address);
    const paid = await open(expired);
    await expect(refund(receiver, expired)).rejects.toMatchObject(reverts('invalid payment'));
    const refunded = await refund(sender, expired);
    expect(events(refunded)).toEqual([['SenderRefunded', [expired.id]]]);
    expect(refunded.gasUsed).toBeLessThan(KDF_GAS.ethRefund);
    expect(await provider.getBalance(sender.address)).toBe(before - paid.fee - refunded.fee);
    expect((await payment(expired.id))[2]).toBe(SENDER_REFUNDED);
    await expect(refund(sender, expired)).rejects.toMatchObject(reverts('not in PaymentSent state'));
    const spend = send(swapAs(receiver), 'receiverSpend', expired.id, amount, expired.secret, ZeroAddress, sender.address);
    await expect(spend).rejects.toMatchObject(reverts('not in PaymentSent state'));
  });

  it('an id is used once; payments need a value and a receiver', async () => {
    const [sender, receiver] = [await freshWallet('1', 10n), await freshWallet()];
    const s = await newSwap(3600);
    const eth = (id: string, value: bigint, to = receiver.address): Promise<TransactionReceipt> =>
      send(swapAs(sender), 'ethPayment', id, to, s.secretHash, s.lockTime, { value });
    await expect(eth(s.id, 0n)).rejects.toMatchObject(reverts('zero amount'));
    await expect(eth(s.id, 1n, ZeroAddress)).rejects.toMatchObject(reverts('zero receiver'));
    await eth(s.id, 1n);
    await expect(eth(s.id, 2n)).rejects.toMatchObject(reverts('id already used'));
    await send(tokenAs(DEVT6, sender), 'approve', SWAP, 10n);
    const erc20 = (amount: bigint): Promise<TransactionReceipt> =>
      send(swapAs(sender), 'erc20Payment', s.id, amount, DEVT6, receiver.address, s.secretHash, s.lockTime);
    await expect(erc20(10n)).rejects.toMatchObject(reverts('id already used'));
    await expect(erc20(0n)).rejects.toMatchObject(reverts('zero amount'));
    expect(await payment(hexlify(randomBytes(32)))).toEqual([`0x${'00'.repeat(20)}`, 0n, 0n]); // Uninitialized
  });
});
