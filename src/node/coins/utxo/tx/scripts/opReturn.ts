/**
 * Null-data outputs (`OP_RETURN …`, e.g. an HTLC payment's secret hash) carry no value and are
 * exempt from the dust rule. KDF looks only at the first opcode, and so does this.
 */
const OP_RETURN = 0x6a;

export function isOpReturn(script: Uint8Array): boolean {
  return script[0] === OP_RETURN;
}
