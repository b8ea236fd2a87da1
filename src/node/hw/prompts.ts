/** Where a hardware wallet's requests for the user go: the task using the device at the time. */
export interface TrezorPrompts {
  onFollowDevice(): void;
  pin(): Promise<string>;
  passphrase(): Promise<string>;
}
