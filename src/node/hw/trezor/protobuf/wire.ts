/**
 * Protobuf wire format (proto2 as Trezor uses it): varints, length-delimited fields, and skipping
 * of the fixed-width types no Trezor message here uses. Numbers stay `number` up to 32 bits;
 * 64-bit fields (amounts) are `bigint`.
 */
import { TrezorProtocolError } from '../errors';

export const WireType = { Varint: 0, Fixed64: 1, LengthDelimited: 2, Fixed32: 5 } as const;

export class ProtoWriter {
  private readonly bytes: number[] = [];

  tag(fieldId: number, wireType: number): void {
    this.varint(fieldId * 8 + wireType);
  }

  /** An unsigned varint of up to 53 bits (uint32 values and tags). */
  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new TrezorProtocolError(`Cannot encode ${value} as a varint`);
    while (value >= 0x80) {
      this.bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    this.bytes.push(value);
  }

  varint64(value: bigint): void {
    if (value < 0n || value >= 1n << 64n) throw new TrezorProtocolError(`Cannot encode ${value} as a uint64`);
    while (value >= 0x80n) {
      this.bytes.push(Number(value & 0x7fn) | 0x80);
      value >>= 7n;
    }
    this.bytes.push(Number(value));
  }

  lengthDelimited(data: Uint8Array): void {
    this.varint(data.length);
    for (const b of data) this.bytes.push(b);
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export class ProtoReader {
  private pos = 0;

  constructor(private readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  /** Field id and wire type of the next field. */
  tag(): { fieldId: number; wireType: number } {
    const key = this.varint();
    const fieldId = Math.floor(key / 8);
    if (fieldId === 0) throw new TrezorProtocolError('Invalid protobuf field number 0');
    return { fieldId, wireType: key % 8 };
  }

  /** A varint that must fit in 53 bits; larger ones are only legal where the schema says uint64. */
  varint(): number {
    const value = this.varint64();
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TrezorProtocolError('Protobuf varint too large');
    return Number(value);
  }

  varint64(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const byte = this.byte();
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) {
        if (result >= 1n << 64n) throw new TrezorProtocolError('Protobuf varint exceeds 64 bits');
        return result;
      }
    }
    throw new TrezorProtocolError('Protobuf varint too long');
  }

  lengthDelimited(): Uint8Array {
    const length = this.varint();
    return this.take(length);
  }

  /** Skips a field this schema does not know (forward compatibility with newer firmware). */
  skip(wireType: number): void {
    switch (wireType) {
      case WireType.Varint:
        this.varint64();
        return;
      case WireType.Fixed64:
        this.take(8);
        return;
      case WireType.LengthDelimited:
        this.lengthDelimited();
        return;
      case WireType.Fixed32:
        this.take(4);
        return;
      default:
        throw new TrezorProtocolError(`Unsupported protobuf wire type ${wireType}`);
    }
  }

  private byte(): number {
    const b = this.buf[this.pos];
    if (b === undefined) throw new TrezorProtocolError('Truncated protobuf message');
    this.pos++;
    return b;
  }

  private take(length: number): Uint8Array {
    if (this.pos + length > this.buf.length) throw new TrezorProtocolError('Truncated protobuf message');
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
}
