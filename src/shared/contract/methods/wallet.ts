/**
 * KDF's answers of the methods of stored wallets and their mnemonics: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const walletMethods = {
  'get_wallet_names': {
    mmrpc: {"success":{"status":200,"body":{"object":{"wallet_names":{"array":"string"},"activated_wallet":{"nullable":"string"}}}},"errors":{}},
  },
  'get_mnemonic': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"format":{"const":"plaintext"},"mnemonic":"string"}},{"object":{"format":{"const":"encrypted"},"encrypted_mnemonic_data":{"object":{"version":"uint","encryption_algorithm":{"const":"AES256CBC"},"key_derivation_details":"any","iv":"string","ciphertext":"string","tag":"string"}}}}]}},"errors":{"InvalidRequest":{"status":400,"error_data":"string"},"InvalidPassword":{"status":400,"error_data":"string"},"PasswordPolicyViolation":{"status":400,"error_data":"string"},"WalletsStorageError":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'change_mnemonic_password': {
    mmrpc: {"success":{"status":200,"body":{"const":null}},"errors":{"InvalidRequest":{"status":400,"error_data":"string"},"InvalidPassword":{"status":400,"error_data":"string"},"PasswordPolicyViolation":{"status":400,"error_data":"string"},"WalletsStorageError":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'delete_wallet': {
    mmrpc: {"success":{"status":200,"body":{"const":null}},"errors":{"InvalidRequest":{"status":400,"error_data":"string"},"InvalidPassword":{"status":400,"error_data":"string"},"PasswordPolicyViolation":{"status":400,"error_data":"string"},"WalletsStorageError":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
} as const;
