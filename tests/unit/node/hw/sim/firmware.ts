/**
 * The simulated firmware: one message at a time, with flows written as straight-line async code
 * (`expect` the host's next message, `confirm` on the device). A host message arriving where the
 * flow does not expect it interrupts the flow as on a real Trezor: `Cancel` answers
 * Failure_ActionCancelled, `Initialize`/`GetFeatures` abort and are handled, anything else is
 * Failure_UnexpectedMessage.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { HDKey } from '@scure/bip32';
import {
  ButtonRequestType,
  FailureType,
  PinMatrixRequestType,
  type AnyMessage,
  type Features,
  type MessageName,
  type TrezorMessages,
} from '../../../../../src/node/hw/trezor/protobuf';
import { signTxFlow } from './signTx';
import { addressOf, deriveNode, isWitness, SIM_COINS, SimFailure, walletRoot, xpubOf, type SimCoin } from './wallet';

export interface SimTrezorConfig {
  /** T1B1 (Trezor One): PIN matrix on the host. T2T1 (Model T): PIN typed on the device. */
  model: 'T1B1' | 'T2T1';
  pin: string | null;
  passphraseProtection: boolean;
  mnemonic: string;
  label: string;
  deviceId: string;
  /** Digits shown at keypad positions 1…9 (7 8 9 / 4 5 6 / 1 2 3 on the pad); a fixed scramble by default. */
  pinMatrix?: string;
  /** Confirm every on-device prompt at once (default); false waits for `pressButton`. */
  autoConfirm?: boolean;
  /** Model T with "passphrase always on device": the passphrase is typed on the device. */
  passphraseOnDevice?: boolean;
  /** More coins by Trezor coin name, e.g. a regtest flavour the firmware does not know. */
  coins?: Readonly<Record<string, SimCoin>>;
}

export type UserAction =
  | { kind: 'button'; yes: boolean }
  | { kind: 'pin'; pin: string }
  | { kind: 'passphrase'; passphrase: string };

/** Ends the current flow; `next` is a message to handle afterwards (Initialize or GetFeatures). */
class Interrupted {
  constructor(readonly next: AnyMessage | null) {}
}
const UNPLUGGED = Symbol('unplugged');

const DEFAULT_MATRIX = '739184265';

export class SimFirmware {
  /** Every message the host sent, in order. */
  readonly received: AnyMessage[] = [];
  private readonly inbox: AnyMessage[] = [];
  private readonly actions: UserAction[] = [];
  private wake: (() => void) | null = null;
  private unplugged = false;
  private unlocked = false;
  private passphrase: string | null = null;
  private sessionId: Uint8Array | null = null;
  private sessions = 0;
  private readonly roots = new Map<string, HDKey>();

  constructor(
    readonly config: SimTrezorConfig,
    readonly send: (msg: AnyMessage) => void,
  ) {
    void this.run();
  }

  get matrix(): string {
    return this.config.pinMatrix ?? DEFAULT_MATRIX;
  }

  deliver(msg: AnyMessage): void {
    this.received.push(msg);
    this.inbox.push(msg);
    this.poke();
  }

  act(action: UserAction): void {
    this.actions.push(action);
    this.poke();
  }

  unplug(): void {
    this.unplugged = true;
    this.poke();
  }

  /** Auto-lock after idle: the next protected call asks for the PIN again; the session's passphrase stays. */
  lock(): void {
    this.unlocked = false;
  }

  private async run(): Promise<void> {
    let next: AnyMessage | null = null;
    for (;;) {
      let msg: AnyMessage;
      try {
        msg = next ?? (await this.nextMessage());
      } catch {
        return; // unplugged
      }
      next = null;
      try {
        await this.handle(msg);
      } catch (e) {
        if (e === UNPLUGGED) return;
        if (e instanceof Interrupted) next = e.next;
        else if (e instanceof SimFailure) this.fail(e.code, e.message);
        else this.fail(FailureType.FirmwareError, `Simulator error: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  private async handle(msg: AnyMessage): Promise<void> {
    switch (msg.name) {
      case 'Initialize': {
        const resumed = msg.message.session_id && this.sessionId && equal(msg.message.session_id, this.sessionId);
        if (!resumed) {
          this.passphrase = null;
          this.sessionId = sha256(new TextEncoder().encode(`${this.config.deviceId}/${++this.sessions}`));
        }
        this.send({ name: 'Features', message: this.features() });
        return;
      }
      case 'GetFeatures':
        this.send({ name: 'Features', message: this.features() });
        return;
      case 'Ping':
        if (msg.message.button_protection) await this.confirm(ButtonRequestType.ProtectCall);
        this.send({ name: 'Success', message: { message: msg.message.message ?? '' } });
        return;
      case 'Cancel':
        this.fail(FailureType.ActionCancelled, 'Cancelled');
        return;
      case 'GetPublicKey': {
        const root = await this.wallet();
        const coin = this.coin(msg.message.coin_name);
        const node = deriveNode(root, msg.message.address_n ?? []);
        const hdNode = {
          depth: node.depth,
          fingerprint: node.parentFingerprint,
          child_num: node.index,
          chain_code: node.chainCode!,
          public_key: node.publicKey!,
        };
        const xpub = xpubOf(node, coin);
        this.send({ name: 'PublicKey', message: { node: hdNode, xpub, root_fingerprint: root.fingerprint } });
        return;
      }
      case 'GetAddress': {
        const root = await this.wallet();
        const coin = this.coin(msg.message.coin_name);
        const pubkey = deriveNode(root, msg.message.address_n ?? []).publicKey!;
        const address = addressOf(pubkey, coin, isWitness(msg.message.script_type));
        if (msg.message.show_display) await this.confirm(ButtonRequestType.Address);
        this.send({ name: 'Address', message: { address } });
        return;
      }
      case 'SignTx': {
        const root = await this.wallet();
        await signTxFlow(this, msg.message, root, this.coin(msg.message.coin_name));
        return;
      }
      default:
        this.fail(FailureType.UnexpectedMessage, 'Unexpected message');
    }
  }

  /** The host's next message, which must be `name`; anything else interrupts the flow. */
  async expect<N extends MessageName>(name: N): Promise<TrezorMessages[N]> {
    const msg = await this.nextMessage();
    if (msg.name === name) return msg.message as TrezorMessages[N];
    throw this.interruption(msg);
  }

  /** A prompt on the device: ButtonRequest, ButtonAck, then the user's yes (or Failure_ActionCancelled). */
  async confirm(code: number): Promise<void> {
    this.send({ name: 'ButtonRequest', message: { code } });
    await this.expect('ButtonAck');
    if (this.config.autoConfirm ?? true) return;
    const { yes } = await this.userInput('button');
    if (!yes) {
      this.fail(FailureType.ActionCancelled, 'Cancelled');
      throw new Interrupted(null);
    }
  }

  private fail(code: number, message: string): void {
    this.send({ name: 'Failure', message: { code, message } });
  }

  /** The wallet after unlocking with the PIN and, with passphrase protection, the session's passphrase. */
  private async wallet(): Promise<HDKey> {
    await this.unlock();
    const passphrase = await this.sessionPassphrase();
    let root = this.roots.get(passphrase);
    if (!root) this.roots.set(passphrase, (root = walletRoot(this.config.mnemonic, passphrase)));
    return root;
  }

  private async unlock(): Promise<void> {
    const pin = this.config.pin;
    if (pin === null || this.unlocked) return;
    let entered: string;
    if (this.config.model === 'T1B1') {
      this.send({ name: 'PinMatrixRequest', message: { type: PinMatrixRequestType.Current } });
      const positions = (await this.expect('PinMatrixAck')).pin;
      entered = [...positions].map((p) => this.matrix[Number(p) - 1] ?? '?').join('');
    } else {
      this.send({ name: 'ButtonRequest', message: { code: ButtonRequestType.PinEntry } });
      await this.expect('ButtonAck');
      entered = (await this.userInput('pin')).pin;
    }
    if (entered !== pin) throw new SimFailure(FailureType.PinInvalid, 'PIN invalid');
    this.unlocked = true;
  }

  private async sessionPassphrase(): Promise<string> {
    if (!this.config.passphraseProtection) return '';
    if (this.passphrase !== null) return this.passphrase;
    if (this.config.model === 'T2T1' && this.config.passphraseOnDevice) {
      this.send({ name: 'ButtonRequest', message: { code: ButtonRequestType.PassphraseEntry } });
      await this.expect('ButtonAck');
      this.passphrase = (await this.userInput('passphrase')).passphrase;
    } else {
      this.send({ name: 'PassphraseRequest', message: {} });
      this.passphrase = (await this.expect('PassphraseAck')).passphrase ?? '';
    }
    return this.passphrase;
  }

  private features(): Features {
    const t1 = this.config.model === 'T1B1';
    return {
      vendor: 'trezor.io',
      major_version: t1 ? 1 : 2,
      minor_version: t1 ? 12 : 8,
      patch_version: 1,
      device_id: this.config.deviceId,
      pin_protection: this.config.pin !== null,
      passphrase_protection: this.config.passphraseProtection,
      language: 'en-US',
      label: this.config.label,
      initialized: true,
      unlocked: this.config.pin === null || this.unlocked,
      model: t1 ? '1' : 'T',
      ...(this.sessionId ? { session_id: this.sessionId } : {}),
      passphrase_always_on_device: !t1 && (this.config.passphraseOnDevice ?? false),
      internal_model: this.config.model,
    };
  }

  private coin(name = 'Bitcoin'): SimCoin {
    const coin = this.config.coins?.[name] ?? SIM_COINS[name];
    if (!coin) throw new SimFailure(FailureType.DataError, 'Invalid coin name');
    return coin;
  }

  private async nextMessage(): Promise<AnyMessage> {
    for (;;) {
      if (this.unplugged) throw UNPLUGGED;
      const msg = this.inbox.shift();
      if (msg) return msg;
      await this.changed();
    }
  }

  /** Waits for the user at the device; a host message meanwhile interrupts (e.g. Cancel). */
  private async userInput<K extends UserAction['kind']>(kind: K): Promise<Extract<UserAction, { kind: K }>> {
    for (;;) {
      if (this.unplugged) throw UNPLUGGED;
      const msg = this.inbox.shift();
      if (msg) throw this.interruption(msg);
      const i = this.actions.findIndex((a) => a.kind === kind);
      if (i >= 0) return this.actions.splice(i, 1)[0] as Extract<UserAction, { kind: K }>;
      await this.changed();
    }
  }

  private interruption(msg: AnyMessage): Interrupted {
    if (msg.name === 'Initialize' || msg.name === 'GetFeatures') return new Interrupted(msg);
    if (msg.name === 'Cancel') this.fail(FailureType.ActionCancelled, 'Cancelled');
    else this.fail(FailureType.UnexpectedMessage, 'Unexpected message');
    return new Interrupted(null);
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
