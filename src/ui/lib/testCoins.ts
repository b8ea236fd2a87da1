/**
 * Test coins (devnet and testnet: `is_testnet` in the coins file) have no market value; production
 * builds hide them from the coin picker until the user turns on "Show test coins" (remembered).
 * Development builds and the browser-test build (VITE_TREZOR_SIM=1, whose devnet has only test
 * coins) show them unless turned off.
 */
import { readSetting, writeSetting } from './localSetting';

const KEY = 'browser-dex:show-test-coins';

/** Whether this build shows test coins when the user has not chosen. */
export const TEST_COINS_BY_DEFAULT: boolean = import.meta.env.DEV || import.meta.env.VITE_TREZOR_SIM === '1';

export function loadShowTestCoins(byDefault: boolean = TEST_COINS_BY_DEFAULT): boolean {
  const v = readSetting(KEY);
  return v === null ? byDefault : v === '1';
}

export function saveShowTestCoins(show: boolean): void {
  writeSetting(KEY, show ? '1' : '0');
}

/** The coins to offer: test coins only when shown. */
export function visibleCoins<T extends { testnet: boolean }>(options: readonly T[], showTest: boolean): T[] {
  return showTest ? [...options] : options.filter((o) => !o.testnet);
}
