/**
 * KDF's answers of the methods of the node's lifecycle: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const lifecycleMethods = {
  'version': {
    legacy: {"success":{"status":200,"body":{"object":{"result":"string","datetime":"string"}}}},
    mmrpc: {"errors":{}},
  },
  'stop': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"const":"success"}}}}},
  },
  'get_storage_status': {
    mmrpc: {"success":{"status":200,"body":{"object":{"unreadable_records":{"object":{"orders":"uint","swaps":"uint","wallets":"uint","tx_history":"uint"}}}}},"errors":{"DbError":{"status":500,"error_data":"string"}}},
  },
} as const;
