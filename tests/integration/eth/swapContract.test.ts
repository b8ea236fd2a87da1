/**
 * The typed EtomicSwap calls against the contract deployed on the devnet, sent from wallets of
 * our own EthChain (our signing, nonces and fail-over provider): pay ETH and spend it with the
 * secret, pay a token and refund it after the lock time; a wrong secret, a second spend and an
 * early refund are rejected. Hashes are computed here with node:crypto, not with the code under test.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EthChain } from '../../../src/node/coins/eth/ethChain';
import { encodeApprove } from '../../../src/node/coins/eth/erc20';
import { NodeRpcError } from '../../../src/node/coins/eth/provider';
import { ETH_TOKEN, paymentHash, paymentId, SwapContract } from '../../../src/node/coins/eth/swapContract';
import { deriveNodeKeys } from '../../../src/node/crypto';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, waitFor } from '../utxo/walletNode';
import { chainBalance, chainProvider, fundEvm, SWAP_CONTRACT, tokenAddress, units } from './evmWallet';

const hash = (alg: string, b: Uint8Array): Uint8Array => new Uint8Array(createHash(alg).update(b).digest());
/** ripemd160(sha256(secret)), KDF's dhash160. */
const secretHashOf = (secret: Uint8Array): Uint8Array => hash('ripemd160', hash('sha256', secret));

function walletChain(passphrase: string): EthChain {
  return new EthChain({
    urls: [devnet().evm.rpcUrl],
    chainId: 31337,
    keyPair: deriveNodeKeys(passphrase, { enableHd: false }).internal,
    pollMs: 1000,
    log: () => undefined,
  });
}

describe('SwapContract (EtomicSwap v1) on the devnet', () => {
  let provider: JsonRpcProvider;
  let sender: EthChain;
  let receiver: EthChain;
  let asSender: SwapContract;
  let asReceiver: SwapContract;
  const DEVT6 = (): string => tokenAddress('DEVT6-ERC20');

  const chainNow = async (): Promise<number> => (await provider.getBlock('latest'))!.timestamp;
  async function mined(txHash: string) {
    const receipt = await provider.waitForTransaction(`0x${txHash}`);
    expect(receipt?.status).toBe(1);
    return receipt!;
  }
  const rejected = async (p: Promise<unknown>, reason: string): Promise<void> => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NodeRpcError);
    expect((error as NodeRpcError).rpc.message).toContain(reason);
  };

  beforeAll(async () => {
    provider = chainProvider();
    sender = walletChain(freshPassphrase('swap sender'));
    receiver = walletChain(freshPassphrase('swap receiver'));
    await fundEvm(provider, sender.address, { ETHDEV: '2', 'DEVT6-ERC20': '100' });
    await fundEvm(provider, receiver.address, { ETHDEV: '1' });
    asSender = new SwapContract(SWAP_CONTRACT, sender);
    asReceiver = new SwapContract(SWAP_CONTRACT, receiver);
  });
  afterAll(() => {
    sender.close();
    receiver.close();
    provider.destroy();
  });

  it('ETH: pay, reject a wrong secret, spend with the secret, reject a second spend', async () => {
    const secret = new Uint8Array(randomBytes(32));
    const secretHash = secretHashOf(secret);
    const lockTime = (await chainNow()) + 3600;
    const id = paymentId(lockTime, secretHash);
    const amount = units('ETHDEV', '0.3');
    expect(await asSender.payment(id)).toEqual({ paymentHash: new Uint8Array(20), lockTime: 0, state: 'Uninitialized' });

    // KDF's fixed ETH_PAYMENT gas limit (kdf-facts §4.6) is enough for our contract.
    const paid = await mined(await asSender.ethPayment({ id, receiver: receiver.address, secretHash, lockTime, amount }, 65_000n));
    expect(await asSender.payment(id)).toEqual({
      paymentHash: paymentHash(receiver.address, sender.address, secretHash, ETH_TOKEN, amount),
      lockTime,
      state: 'PaymentSent',
    });
    const idHex = `0x${Buffer.from(id).toString('hex')}`;
    expect(await asSender.events(paid.blockNumber, paid.blockNumber)).toContainEqual({ event: 'PaymentSent', id: idHex, txHash: paid.hash });

    const spendArgs = { id, amount, token: ETH_TOKEN, sender: sender.address };
    await rejected(asReceiver.receiverSpend({ ...spendArgs, secret: new Uint8Array(32).fill(1) }), 'EtomicSwap: invalid payment');
    // The amount is part of the payment hash too.
    await rejected(asReceiver.receiverSpend({ ...spendArgs, amount: amount - 1n, secret }), 'EtomicSwap: invalid payment');

    const before = await chainBalance(provider, 'ETHDEV', receiver.address);
    const spent = await mined(await asReceiver.receiverSpend({ ...spendArgs, secret }));
    const after = await chainBalance(provider, 'ETHDEV', receiver.address);
    expect(after - before).toBe(amount - spent.gasUsed * spent.gasPrice);
    expect((await asSender.payment(id)).state).toBe('ReceiverSpent');
    expect(await asReceiver.events(spent.blockNumber, spent.blockNumber)).toContainEqual({
      event: 'ReceiverSpent',
      id: idHex,
      secret: `0x${Buffer.from(secret).toString('hex')}`,
      txHash: spent.hash,
    });
    await rejected(asReceiver.receiverSpend({ ...spendArgs, secret }), 'EtomicSwap: not in PaymentSent state');
  });

  it('ERC20: approve and pay, reject an early refund, refund after the lock time', async () => {
    const secretHash = secretHashOf(new Uint8Array(randomBytes(32)));
    const lockTime = (await chainNow()) + 3;
    const id = paymentId(lockTime, secretHash);
    const amount = units('DEVT6-ERC20', '12.5');
    const start = await chainBalance(provider, 'DEVT6-ERC20', sender.address);

    await mined(await sender.send({ to: DEVT6(), data: encodeApprove(SWAP_CONTRACT, amount) }));
    const paid = await mined(await asSender.erc20Payment({ id, amount, token: DEVT6(), receiver: receiver.address, secretHash, lockTime }));
    expect(await chainBalance(provider, 'DEVT6-ERC20', sender.address)).toBe(start - amount);
    expect(await asSender.payment(id)).toMatchObject({ paymentHash: paymentHash(receiver.address, sender.address, secretHash, DEVT6(), amount), state: 'PaymentSent' });
    expect((await asSender.events(paid.blockNumber, paid.blockNumber)).map((e) => e.event)).toContain('PaymentSent');

    const refundArgs = { id, amount, paymentHash: secretHash, token: DEVT6(), receiver: receiver.address };
    await rejected(asSender.senderRefund(refundArgs), 'EtomicSwap: locktime not reached');
    // Only the sender may refund: from the receiver the hash does not match.
    await waitFor('the lock time on chain', async () => ((await chainNow()) >= lockTime ? true : undefined), 20_000);
    await rejected(asReceiver.senderRefund({ ...refundArgs, receiver: sender.address }), 'EtomicSwap: invalid payment');

    const refunded = await mined(await asSender.senderRefund(refundArgs));
    expect(await chainBalance(provider, 'DEVT6-ERC20', sender.address)).toBe(start);
    expect((await asSender.payment(id)).state).toBe('SenderRefunded');
    expect(await asSender.events(refunded.blockNumber, refunded.blockNumber)).toContainEqual({
      event: 'SenderRefunded',
      id: `0x${Buffer.from(id).toString('hex')}`,
      txHash: refunded.hash,
    });
  });
});
