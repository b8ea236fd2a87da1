/**
 * KDF's answers of the methods of hardware wallets: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const hwMethods = {
  'trezor_connection_status': {
    mmrpc: {"success":{"status":200,"body":{"object":{"status":{"enum":["Connected","Disconnected","Busy","Unreachable"]}}}},"errors":{"TrezorNotInitialized":{"status":400},"FoundUnexpectedDevice":{"status":500},"Internal":{"status":500,"error_data":"string"}}},
  },
  'task::init_hwdevice::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"HwContextInitializingAlready":{"status":400},"UnexpectedUserAction":{"status":400,"error_data":"any"},"HwError":{"status":410,"error_data":"any"},"Timeout":{"status":408,"error_data":"any"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'task::init_hwdevice::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"object":{"type":{"const":"Trezor"},"model":{"nullable":"string"},"device_name":{"nullable":"string"},"device_id":"string","device_pubkey":"hex"}}}},{"ref":"InitHwTaskOtherStatus"}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::init_hwdevice::user_action': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::init_hwdevice::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
} as const;
