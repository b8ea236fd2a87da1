/**
 * Null-data outputs (`OP_RETURN …`, e.g. an HTLC payment's secret hash) are exempt from the dust
 * rule; they carry no value, except KMD's dex fee burn. KDF looks only at the first opcode, and so
 * does this.
 */
import { coinError } from '../../../coinErrors';

const OP_RETURN = 0x6a;

export function isOpReturn(script: Uint8Array): boolean {
  return script[0] === OP_RETURN;
}

/** `OP_RETURN <data>`, or a bare `OP_RETURN` for no data (KMD's dex fee burn output). */
export function opReturnScript(data: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (data.length === 0) return Uint8Array.of(OP_RETURN);
  if (data.length > 75) throw coinError.internal(`OP_RETURN data of ${data.length} bytes needs a longer push`);
  return Uint8Array.of(OP_RETURN, data.length, ...data);
}
