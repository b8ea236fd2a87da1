/** The crypto domain's public API: passphrase → keys, HD derivation, addresses, hashes, the wallet cipher. */
export { sha256, sha256d, hash160, keccak256, bytesToHex, hexToBytes } from './hashes';
export { privkeyFromPassphrase } from './privkey';
export { keyPairFromPrivkey, isValidPrivkey, type KeyPair } from './keys';
export {
  generateMnemonic,
  validateMnemonic,
  hdRootFromMnemonic,
  bip39Seed,
  bip39SeedAsync,
  deriveKeyPair,
  MM2_INTERNAL_KEY_PATH,
  type HDKey,
} from './hd';
export {
  p2pkhAddress,
  p2shAddress,
  p2wpkhAddress,
  wifEncode,
  ethAddress,
  toChecksumAddress,
  isValidChecksumAddress,
  type AddressPrefix,
} from './address';
export { deriveNodeKeys, deriveNodeKeysAsync, type NodeKeys } from './nodeKeys';
export { encryptSecret, decryptSecret, MIN_PBKDF2_ITERATIONS, type EncryptedSecret } from './walletCipher';
