/**
 * `MakerOrderCreated` messages as an attacker publishes them: signed with any key it likes, on
 * RLTC1/RLTC2, with whatever price it wants on the wire.
 */
import { encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { encodeSigned } from '../../../src/node/p2p/envelope';
import { MmNumber, type RationalJson } from '../../../src/shared/number';

export const RLTC_TOPIC = 'orbk/RLTC1:RLTC2';

/** A signed MakerOrderCreated of 1 RLTC1 at `price` (1 unless told). */
export function signedMakerOrder(uuid: string, key: Uint8Array, price: MmNumber = MmNumber.parse('1')): Uint8Array {
  const now = Math.floor(Date.now() / 1000);
  return encodeSigned(
    encodeOrdermatchMessage({
      type: 'MakerOrderCreated',
      msg: {
        uuid,
        base: 'RLTC1',
        rel: 'RLTC2',
        price,
        maxVolume: MmNumber.parse('1'),
        minVolume: MmNumber.parse('0.1'),
        createdAt: now,
        confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
        timestamp: now,
        pairTrieRoot: new Uint8Array(8),
        baseProtocolInfo: new Uint8Array(),
        relProtocolInfo: new Uint8Array(),
      },
    }),
    key,
  );
}

/** `limbs` random u32 limbs, the top one non-zero. */
export function randomLimbs(limbs: number): number[] {
  const out = Array.from(crypto.getRandomValues(new Uint32Array(limbs)));
  out[limbs - 1] ||= 1;
  return out;
}

/**
 * A stand-in for an MmNumber that only the encoders touch: its wire form is `rational`, a number
 * no honest node makes (building a real one would run the very arithmetic the attack abuses).
 */
export const wireOnlyNumber = (rational: RationalJson): MmNumber => ({ toRational: () => rational }) as unknown as MmNumber;
