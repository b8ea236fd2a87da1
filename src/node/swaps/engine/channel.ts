/**
 * One swap's conversation on `swap/<uuid>`: messages are taken only from the counterparty's key
 * (the p2p layer verified who signed them) and only if they decode as a bounded `SwapMsg`; the
 * latest of each kind waits in a one-slot box until the state machine asks for it, so a message
 * that arrives early (or is re-sent) is neither lost nor piled up.
 *
 * Gossip drops a publish while the topic has no peer yet (a node just started, or a topic just
 * joined, before the seed relays it), and KDF's re-send periods are long (15 s to 10 min). So until
 * the counterparty has been heard from on this channel, a re-sent message goes out again sooner,
 * after 1 s, 2 s, 4 s… up to its own period: a resumed swap's first message, or the maker's first
 * Negotiation, is not left to wait a whole period. Once heard from, the periods are KDF's.
 */
import { bytesToHex } from '../../crypto';
import type { P2p, P2pMessage } from '../../p2p/types';
import { decodeSwapMsg, encodeSwapMsg, swapTopic, type SwapMsg } from '../protocol/messages';
import type { SwapClock } from './clock';

type MsgOf<T extends SwapMsg['type']> = Extract<SwapMsg, { type: T }>;

/** The first re-send while the counterparty has not been heard from; each next one waits twice as long. */
const WARM_UP_FIRST_MS = 1_000;

export class SwapChannel {
  private readonly inbox = new Map<SwapMsg['type'], SwapMsg>();
  private arrived: () => void = () => undefined;
  /** Whether a message of the counterparty's reached this channel (the topic carries both ways). */
  private heard = false;
  private readonly unsubscribe: () => void;

  /** `otherPubkey`: the counterparty's 32-byte x-only key hex, as the match names it. */
  constructor(
    private readonly p2p: P2p,
    private readonly uuid: string,
    private readonly otherPubkey: string,
    private readonly clock: SwapClock,
    private readonly signal: AbortSignal,
  ) {
    this.unsubscribe = p2p.subscribe(swapTopic(uuid), (m) => this.receive(m));
  }

  private receive(m: P2pMessage): void {
    if (m.from.length !== 33 || bytesToHex(m.from.subarray(1)) !== this.otherPubkey) return;
    let msg: SwapMsg;
    try {
      msg = decodeSwapMsg(m.payload);
    } catch (e) {
      this.p2p.penalize(m.author, `swap ${this.uuid}: ${(e as Error).message}`);
      return;
    }
    this.heard = true;
    this.inbox.set(msg.type, msg);
    this.arrived();
  }

  send(msg: SwapMsg): Promise<void> {
    return this.p2p.publish(swapTopic(this.uuid), encodeSwapMsg(msg));
  }

  /**
   * The counterparty's next `type` message, or null once `untilMs` passes. While waiting, `resend`
   * (if given) is published at once and then every `everyMs`, as KDF re-sends its last message
   * (sooner while the counterparty is not heard from yet: see the class comment).
   */
  async recv<T extends SwapMsg['type']>(type: T, untilMs: number, resend?: { msg: SwapMsg; everyMs: number }): Promise<MsgOf<T> | null> {
    let warmUpMs = WARM_UP_FIRST_MS;
    for (;;) {
      const got = this.inbox.get(type);
      if (got) {
        this.inbox.delete(type);
        return got as MsgOf<T>;
      }
      const now = this.clock.now();
      if (now >= untilMs) return null;
      if (resend) await this.send(resend.msg);
      const resendMs = resend ? (this.heard ? resend.everyMs : Math.min(warmUpMs, resend.everyMs)) : Infinity;
      warmUpMs *= 2;
      await this.waitForMessage(Math.min(untilMs - now, resendMs));
    }
  }

  /** Resolves when any message arrives or after `ms`; rejects when the swap is stopped. */
  private async waitForMessage(ms: number): Promise<void> {
    const timer = new AbortController();
    const abort = (): void => timer.abort(this.signal.reason);
    this.signal.addEventListener('abort', abort, { once: true });
    try {
      await Promise.race([
        this.clock.sleep(ms, timer.signal),
        new Promise<void>((resolve) => {
          this.arrived = resolve;
        }),
      ]);
    } catch (e) {
      if (this.signal.aborted) throw e;
    } finally {
      this.signal.removeEventListener('abort', abort);
      if (!timer.signal.aborted) timer.abort(new Error('wait over'));
      this.arrived = () => undefined;
    }
  }

  close(): void {
    this.unsubscribe();
  }
}
