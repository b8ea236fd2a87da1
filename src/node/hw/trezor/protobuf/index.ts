/**
 * The message registry: wire type ids from `messages.proto`'s `MessageType` enum, and the typed
 * encode/decode between `{name, message}` objects and protocol v1 frames.
 */
import { TrezorProtocolError } from '../errors';
import type { WireMessage } from '../protocol';
import * as btc from './bitcoin';
import { decode, encode, type MessageSchema } from './codec';
import * as common from './common';

export * from './bitcoin';
export * from './common';

export interface TrezorMessages {
  Initialize: common.Initialize;
  Ping: common.Ping;
  Success: common.Success;
  Failure: common.Failure;
  GetPublicKey: btc.GetPublicKey;
  PublicKey: btc.PublicKey;
  SignTx: btc.SignTx;
  Features: common.Features;
  PinMatrixRequest: common.PinMatrixRequest;
  PinMatrixAck: common.PinMatrixAck;
  Cancel: common.Empty;
  TxRequest: btc.TxRequest;
  TxAck: btc.TxAck;
  ButtonRequest: common.ButtonRequest;
  ButtonAck: common.Empty;
  GetAddress: btc.GetAddress;
  Address: btc.Address;
  PassphraseRequest: common.Empty;
  PassphraseAck: common.PassphraseAck;
  GetFeatures: common.Empty;
}

export type MessageName = keyof TrezorMessages;

/** A decoded message, discriminated by name. */
export type AnyMessage = { [N in MessageName]: { name: N; message: TrezorMessages[N] } }[MessageName];

const REGISTRY: { [N in MessageName]: { type: number; schema: MessageSchema<TrezorMessages[N]> } } = {
  Initialize: { type: 0, schema: common.Initialize },
  Ping: { type: 1, schema: common.Ping },
  Success: { type: 2, schema: common.Success },
  Failure: { type: 3, schema: common.Failure },
  GetPublicKey: { type: 11, schema: btc.GetPublicKey },
  PublicKey: { type: 12, schema: btc.PublicKey },
  SignTx: { type: 15, schema: btc.SignTx },
  Features: { type: 17, schema: common.Features },
  PinMatrixRequest: { type: 18, schema: common.PinMatrixRequest },
  PinMatrixAck: { type: 19, schema: common.PinMatrixAck },
  Cancel: { type: 20, schema: common.Cancel },
  TxRequest: { type: 21, schema: btc.TxRequest },
  TxAck: { type: 22, schema: btc.TxAck },
  ButtonRequest: { type: 26, schema: common.ButtonRequest },
  ButtonAck: { type: 27, schema: common.ButtonAck },
  GetAddress: { type: 29, schema: btc.GetAddress },
  Address: { type: 30, schema: btc.Address },
  PassphraseRequest: { type: 41, schema: common.PassphraseRequest },
  PassphraseAck: { type: 42, schema: common.PassphraseAck },
  GetFeatures: { type: 55, schema: common.GetFeatures },
};

const NAME_BY_TYPE = new Map<number, MessageName>(
  (Object.keys(REGISTRY) as MessageName[]).map((name) => [REGISTRY[name].type, name]),
);

export function encodeMessage(msg: AnyMessage): WireMessage {
  const { type, schema } = REGISTRY[msg.name] as { type: number; schema: MessageSchema<typeof msg.message> };
  return { type, payload: encode(schema, msg.message) };
}

export function decodeMessage(wire: WireMessage): AnyMessage {
  const name = NAME_BY_TYPE.get(wire.type);
  if (!name) throw new TrezorProtocolError(`Unknown Trezor message type ${wire.type}`);
  const schema = REGISTRY[name].schema as MessageSchema<unknown>;
  return { name, message: decode(schema, wire.payload) } as AnyMessage;
}
