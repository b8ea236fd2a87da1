/**
 * KDF's answers of the methods of event streams: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const streamsMethods = {
  'stream::balance::enable': {
    mmrpc: {"success":{"status":200,"body":{"object":{"streamer_id":"string"}}},"errors":{"EnableError":{"status":400,"error_data":"string"},"CoinNotFound":{"status":404},"CoinNotSupported":{"status":501},"Internal":{"status":500,"error_data":"string"}}},
  },
  'stream::tx_history::enable': {
    mmrpc: {"success":{"status":200,"body":{"object":{"streamer_id":"string"}}},"errors":{"EnableError":{"status":400,"error_data":"string"},"CoinNotFound":{"status":404},"CoinNotSupported":{"status":501},"Internal":{"status":500,"error_data":"string"}}},
  },
  'stream::disable': {
    mmrpc: {"success":{"status":200,"body":{"object":{"result":{"const":"Success"}}}},"errors":{"DisableError":{"status":400,"error_data":"string"}}},
  },
} as const;
