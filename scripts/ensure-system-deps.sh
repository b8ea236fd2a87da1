#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: chromium (browser tests),
# litecoind (the regtest devnet) and openssl (its Electrum servers' TLS certificate). As root it
# runs apt-get; otherwise it names what to install.
set -euo pipefail

missing=()
need() { # need <path to check> <debian package>
  [ -x "$1" ] || missing+=("$2")
}
need /usr/bin/chromium chromium
need /usr/lib/litecoin/litecoind litecoind
need /usr/bin/openssl openssl

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
