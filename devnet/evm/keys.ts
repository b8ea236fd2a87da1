/**
 * A test wallet's EVM identity: KDF uses the same iguana secret as for the UTXO coins, so one
 * passphrase gives the UTXO and the ETH/ERC20 addresses (kdf-facts §3).
 */
import { computeAddress, hexlify } from 'ethers';
import { iguanaPrivateKey } from '../keys';

/** 0x-prefixed hex, as ethers' Wallet takes it. */
export const ethPrivateKey = (passphrase: string): string => hexlify(iguanaPrivateKey(passphrase));

/** keccak256(uncompressed pubkey without 04)[12..32], EIP-55 mixed case. */
export const ethAddress = (passphrase: string): string => computeAddress(ethPrivateKey(passphrase));
