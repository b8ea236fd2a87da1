/**
 * A device session: KDF's call loop (`trezor/src/client.rs` `call`, `response.rs` `process`) and
 * the operations built on it. The device may answer any request with a Failure or a request for
 * the user (button, PIN matrix, passphrase); those go to the injected processor (the RPC task turns
 * them into statuses and awaits `user_action`) and the loop goes on until the expected reply.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hash160, MM2_INTERNAL_KEY_PATH } from '../../crypto';
import { HwError, TrezorProtocolError, userCancelled } from './errors';
import { failureToHwError } from './failure';
import { toAddressN, type DerivationPath } from './path';
import {
  decodeMessage,
  encodeMessage,
  InputScriptType,
  type AnyMessage,
  type ButtonRequest,
  type Features,
  type MessageName,
  type PinMatrixRequest,
  type TrezorMessages,
} from './protobuf';
import type { TrezorTransport } from './transport';

/** KDF's `TrezorRequestProcessor`: what the device asks of the user while a call runs. */
export interface TrezorRequestProcessor {
  /**
   * The device waits for the user to act on it: confirm, or enter the PIN or passphrase there
   * (KDF: FollowHwDeviceInstructions).
   */
  onButtonRequest(request: ButtonRequest): void;
  /** The PIN as positions in the scrambled matrix the device shows, typed on a blank 3×3 pad; sent unchanged. */
  onPinRequest(request: PinMatrixRequest): Promise<string>;
  onPassphraseRequest(): Promise<string>;
}

export interface CallOptions {
  /** Aborting sends `Cancel` to the device and rejects the call with `UserCancelled`. */
  signal?: AbortSignal;
  /**
   * Answers the device's requests during this call only: the task that makes the call. Without
   * it the session's own processor answers.
   */
  processor?: TrezorRequestProcessor;
}

export type UtxoScriptType = 'p2pkh' | 'p2wpkh';

export const INPUT_SCRIPT_TYPE: Readonly<Record<UtxoScriptType, number>> = {
  p2pkh: InputScriptType.SPENDADDRESS,
  p2wpkh: InputScriptType.SPENDWITNESS,
};

export interface TrezorPublicKey {
  /** 33-byte compressed key, checked to be on the curve. */
  publicKey: Uint8Array;
  chainCode: Uint8Array;
  depth: number;
  parentFingerprint: number;
  childNum: number;
  xpub: string;
}

/** KDF's `TrezorModel`, serialized as serde does: `"One"`, `"T"` or `{"Other": model}`. */
export type TrezorModel = 'One' | 'T' | { Other: string };

/** The `init_trezor` status result (`HwDeviceInfo` with `device_pubkey`), in KDF's field names. */
export interface TrezorDeviceInfo {
  type: 'Trezor';
  model: TrezorModel | null;
  device_name: string | null;
  device_id: string | null;
  /** Hex hash160 of the key at `m/44'/141'/2147483647/0/0` (coin "Komodo"): identifies the device's seed. */
  device_pubkey: string;
}

const CANCELLED = Symbol('cancelled');

export class TrezorSession {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly transport: TrezorTransport,
    private readonly processor: TrezorRequestProcessor,
  ) {}

  /** Runs `op` with the device to itself: one operation at a time, as KDF's session mutex. */
  run<T>(op: () => Promise<T>): Promise<T> {
    const result = this.queue.then(op);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Sends `request` and answers the device's interaction requests until it replies with `expected`.
   * Operations made of several calls wrap them in `run`.
   */
  async call<R extends MessageName>(
    request: AnyMessage,
    expected: R,
    options: CallOptions = {},
  ): Promise<TrezorMessages[R]> {
    const cancel = new Cancellation(this.transport, options.signal);
    const processor = options.processor ?? this.processor;
    try {
      // Already aborted, e.g. between the calls of a signing: the device may be mid-operation.
      if (cancel.requested) return await cancel.finish();
      let reply = await this.exchange(request);
      for (;;) {
        if (cancel.requested) return await cancel.finish(reply);
        switch (reply.name) {
          case expected:
            return reply.message as TrezorMessages[R];
          case 'Failure':
            throw failureToHwError(reply.message);
          case 'ButtonRequest':
            processor.onButtonRequest(reply.message);
            reply = await this.exchange({ name: 'ButtonAck', message: {} });
            break;
          case 'PinMatrixRequest': {
            const pin = await cancel.race(processor.onPinRequest(reply.message));
            if (pin === CANCELLED) return await cancel.finish();
            reply = await this.exchange({ name: 'PinMatrixAck', message: { pin } });
            break;
          }
          case 'PassphraseRequest': {
            const passphrase = await cancel.race(processor.onPassphraseRequest());
            if (passphrase === CANCELLED) return await cancel.finish();
            reply = await this.exchange({ name: 'PassphraseAck', message: { passphrase } });
            break;
          }
          default:
            throw new TrezorProtocolError(`Unexpected ${reply.name} from the Trezor, expected ${expected}`);
        }
      }
    } finally {
      cancel.dispose();
    }
  }

  /** `Initialize` without a session id, as KDF: a fresh session (no cached passphrase), then Features. */
  initialize(options?: CallOptions): Promise<Features> {
    return this.run(() => this.call({ name: 'Initialize', message: {} }, 'Features', options));
  }

  /** KDF's liveness check: the device must echo the message. */
  ping(options?: CallOptions): Promise<void> {
    return this.run(async () => {
      const message = `With love, ${Date.now()}`;
      const pong = await this.call({ name: 'Ping', message: { message } }, 'Success', options);
      if (pong.message !== message) {
        throw new HwError('PongMessageMismatch', 'The Trezor answered Ping with another message');
      }
    });
  }

  getPublicKey(path: DerivationPath, coinName: string, options?: CallOptions): Promise<TrezorPublicKey> {
    return this.run(() => this.publicKey(path, coinName, options));
  }

  getAddress(
    path: DerivationPath,
    coinName: string,
    scriptType: UtxoScriptType,
    options: CallOptions & { showDisplay?: boolean } = {},
  ): Promise<string> {
    const message = {
      address_n: toAddressN(path),
      coin_name: coinName,
      script_type: INPUT_SCRIPT_TYPE[scriptType],
      show_display: options.showDisplay ?? false,
    };
    return this.run(async () => (await this.call({ name: 'GetAddress', message }, 'Address', options)).address);
  }

  /** KDF's `init_trezor` result: Initialize, then the key that identifies the seed (`hw_ctx.rs`). */
  deviceInfo(options?: CallOptions): Promise<TrezorDeviceInfo> {
    return this.run(async () => {
      const features = await this.call({ name: 'Initialize', message: {} }, 'Features', options);
      const key = await this.publicKey(MM2_INTERNAL_KEY_PATH, 'Komodo', options);
      return {
        type: 'Trezor',
        model: features.model === undefined ? null : trezorModel(features.model),
        device_name: features.label ?? null,
        device_id: features.device_id ?? null,
        device_pubkey: bytesToHex(hash160(key.publicKey)),
      };
    });
  }

  private async publicKey(path: DerivationPath, coinName: string, options?: CallOptions): Promise<TrezorPublicKey> {
    const message = {
      address_n: toAddressN(path),
      ecdsa_curve_name: 'secp256k1',
      show_display: false,
      coin_name: coinName,
      script_type: InputScriptType.SPENDADDRESS,
      ignore_xpub_magic: true,
    };
    const { node, xpub } = await this.call({ name: 'GetPublicKey', message }, 'PublicKey', options);
    if (node.public_key.length !== 33 || !secp256k1.utils.isValidPublicKey(node.public_key, true)) {
      throw new TrezorProtocolError('The Trezor returned an invalid public key');
    }
    if (node.chain_code.length !== 32) throw new TrezorProtocolError('The Trezor returned an invalid chain code');
    return {
      publicKey: node.public_key,
      chainCode: node.chain_code,
      depth: node.depth,
      parentFingerprint: node.fingerprint,
      childNum: node.child_num,
      xpub,
    };
  }

  private async exchange(message: AnyMessage): Promise<AnyMessage> {
    await this.transport.write(encodeMessage(message));
    return decodeMessage(await this.transport.read());
  }
}

function trezorModel(model: string): TrezorModel {
  if (model === '1') return 'One';
  if (model === 'T') return 'T';
  return { Other: model };
}

/**
 * One call's cancellation. On abort it sends `Cancel` at once (the device also takes it during a
 * button wait, and answers it when idle); the call then reads on to the device's Failure, so no
 * stray reply is left for the next call, and rejects with `UserCancelled`.
 */
class Cancellation {
  private sent: Promise<void> | null = null;
  private resolveAborted: (value: typeof CANCELLED) => void = () => undefined;
  private readonly aborted = new Promise<typeof CANCELLED>((resolve) => (this.resolveAborted = resolve));
  private readonly onAbort = (): void => {
    this.send();
    this.resolveAborted(CANCELLED);
  };

  constructor(
    private readonly transport: TrezorTransport,
    private readonly signal: AbortSignal | undefined,
  ) {
    if (signal?.aborted) this.send();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get requested(): boolean {
    return this.sent !== null;
  }

  /**
   * The user's answer, or CANCELLED on abort; a device pulled out meanwhile rejects. If the answer
   * itself fails, the device is cancelled before the error goes on, so it does not wait for an ack.
   */
  async race<T>(answer: Promise<T>): Promise<T | typeof CANCELLED> {
    try {
      return await Promise.race([answer, this.aborted, this.transport.lost]);
    } catch (e) {
      if (e instanceof HwError && e.hwRpcError === 'NoTrezorDeviceAvailable') throw e;
      this.send();
      await this.finish().catch(() => undefined);
      throw e;
    }
  }

  /** Drains replies up to the device's Failure for the Cancel, then rejects with UserCancelled. */
  async finish(reply?: AnyMessage): Promise<never> {
    await this.sent;
    while (reply?.name !== 'Failure') reply = decodeMessage(await this.transport.read());
    throw userCancelled();
  }

  dispose(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private send(): void {
    this.sent ??= this.transport.write(encodeMessage({ name: 'Cancel', message: {} }));
    this.sent.catch(() => undefined);
  }
}
