/**
 * KDF's answers of the methods of KDF's simple market-maker bot: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const mmbotMethods = {
  'start_simple_market_maker_bot': {
    mmrpc: {"success":{"status":200,"body":{"object":{"result":{"const":"Success"}}}},"errors":{"AlreadyStarted":{"status":400},"InvalidBotConfiguration":{"status":400},"CannotStartFromStopping":{"status":400},"Transport":{"status":500,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"}}},
  },
  'stop_simple_market_maker_bot': {
    mmrpc: {"success":{"status":200,"body":{"object":{"result":{"const":"Success"}}}},"errors":{"AlreadyStopped":{"status":400},"AlreadyStopping":{"status":400},"Transport":{"status":500,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"}}},
  },
} as const;
