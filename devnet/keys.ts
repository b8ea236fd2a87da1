/**
 * Test wallets are identified by passphrase, as the node identifies them: KDF's legacy "iguana"
 * rule turns the passphrase into a secp256k1 secret, always used with the compressed public key.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { payments, type Network } from 'bitcoinjs-lib';

/** Litecoin regtest: pubtype 111 (0x6f), p2shtype 58, wiftype 239, bech32 hrp "rltc" (public/coins.json). */
export const LITECOIN_REGTEST: Network = {
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32: 'rltc',
  bip32: { public: 0x043587cf, private: 0x04358394 },
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
};

export interface PaymentTarget {
  address: string;
  /** scriptPubKey */
  script: Uint8Array;
}

export interface IguanaKey {
  privateKey: Uint8Array;
  /** 33-byte compressed public key */
  publicKey: Uint8Array;
  p2pkh: PaymentTarget;
  p2wpkh: PaymentTarget;
}

/** privkey = sha256(utf8(passphrase)) with h[0] &= 248; h[31] &= 127; h[31] |= 64 (KDF `secp_privkey_from_hash`). */
export function iguanaPrivateKey(passphrase: string): Uint8Array {
  const h = sha256(new TextEncoder().encode(passphrase));
  h[0]! &= 248;
  h[31]! &= 127;
  h[31]! |= 64;
  return h;
}

export function iguanaKey(passphrase: string, network: Network = LITECOIN_REGTEST): IguanaKey {
  const privateKey = iguanaPrivateKey(passphrase);
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const target = (p: payments.Payment): PaymentTarget => ({ address: p.address!, script: p.output! });
  return {
    privateKey,
    publicKey,
    p2pkh: target(payments.p2pkh({ pubkey: publicKey, network })),
    p2wpkh: target(payments.p2wpkh({ pubkey: publicKey, network })),
  };
}
