/**
 * Little-endian integers and Bitcoin's compact sizes, written and read with bounds checks: the
 * transaction layouts (zcashTx.ts) and signature hashes (sighash.ts, zip243.ts) are built from them.
 */
import { concatBytes } from '@noble/hashes/utils.js';

export function u32le(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
}

export function u64le(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return b;
}

export function varInt(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8);
  return concatBytes(Uint8Array.of(0xfe), u32le(n));
}

export function varSlice(bytes: Uint8Array): Uint8Array {
  return concatBytes(varInt(bytes.length), bytes);
}

/** Reads a serialized transaction front to back; `fail` turns a reason into the caller's typed error. */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly fail: (reason: string) => Error,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  take(length: number): Uint8Array {
    if (length > this.remaining) throw this.fail(`needs ${length} bytes at offset ${this.offset}, has ${this.remaining}`);
    const out = this.bytes.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  u32(): number {
    return new DataView(this.take(4).buffer).getUint32(0, true);
  }

  i64(): bigint {
    return new DataView(this.take(8).buffer).getBigInt64(0, true);
  }

  u64(): bigint {
    return new DataView(this.take(8).buffer).getBigUint64(0, true);
  }

  /** A compact size, refused above `max` before anything of that size is read or allocated. */
  varInt(max: number): number {
    const first = this.take(1)[0]!;
    let n: number;
    if (first < 0xfd) n = first;
    else if (first === 0xfd) n = new DataView(this.take(2).buffer).getUint16(0, true);
    else if (first === 0xfe) n = this.u32();
    else throw this.fail('a 64-bit count');
    if (n > max) throw this.fail(`a count of ${n}, more than ${max}`);
    return n;
  }

  varSlice(): Uint8Array {
    return this.take(this.varInt(this.remaining));
  }
}
