/**
 * A stand-in for a KDF seed, for the relay-mesh test: a libp2p peer on 127.0.0.1 that speaks
 * `/meshsub/1.1.0` by hand the way KDF's gossipsub fork does as a relay. On connect it sends
 * `IAmRelay` and never subscribes; it records who put it in their relay mesh, what they
 * subscribe to and what they publish; and it sends messages in KDF's `Author` mode (`from` and a
 * sequence number, no signature). Its protobuf is written and read here field by field. Given
 * `answer`, it also serves KDF's `/request-response/2` ordermatch requests with it (KDF's `None`
 * where it returns null).
 */
import '../../../src/node/p2p/polyfills';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { identify } from '@libp2p/identify';
import type { PeerId, Stream } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { createLibp2p } from 'libp2p';
import { encodeRelayControl, splitRelayControl } from '../../../src/node/p2p/kdf/relayControl';
import { encodeFrame, readFrame } from '../../../src/node/p2p/framing';
import { decodePeerRequest, encodePeerResponse } from '../../../src/node/p2p/peerRequest';
import { REQUEST_RESPONSE_PROTOCOL } from '../../../src/node/p2p/requestResponse';

const MESHSUB = '/meshsub/1.1.0';

export interface Published {
  topic: string;
  data: Uint8Array;
  signed: boolean;
}

export interface FakeKdfRelay {
  peerId: string;
  multiaddr: string;
  /** Peers whose last word was that we are in their relay mesh. */
  includedBy: Set<string>;
  /** Topics each peer subscribed to. */
  subscriptions: Map<string, Set<string>>;
  published: Published[];
  /** Sends `data` on `topic` to `peer` as a KDF node's message, unsigned, with this sequence number. */
  sendAuthorMessage(peer: string, topic: string, data: Uint8Array, seqno: bigint): void;
  stop(): Promise<void>;
}

function varint(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return out;
}

const field = (n: number, payload: Uint8Array): Uint8Array => Uint8Array.from([...varint(n * 8 + 2), ...varint(payload.length), ...payload]);
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]));
const frame = (rpc: Uint8Array): Uint8Array => Uint8Array.from([...varint(rpc.length), ...rpc]);

/** Top-level fields of a protobuf message: [number, varint value or payload]. */
function* fields(buf: Uint8Array): Generator<[number, number | Uint8Array]> {
  let pos = 0;
  const readVarint = (): number => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const b = buf[pos++]!;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
    }
  };
  while (pos < buf.length) {
    const tag = readVarint();
    if ((tag & 7) === 0) yield [tag >>> 3, readVarint()];
    else {
      const len = readVarint();
      yield [tag >>> 3, buf.subarray(pos, pos + len)];
      pos += len;
    }
  }
}

/** Length-prefixed frames off a stream. */
async function* frames(stream: Stream): AsyncGenerator<Uint8Array> {
  let buf: Uint8Array = new Uint8Array(0);
  for await (const chunk of stream) {
    buf = cat(buf, chunk.subarray());
    for (;;) {
      let len = 0;
      let i = 0;
      for (let shift = 0; i < buf.length; shift += 7) {
        const b = buf[i++]!;
        len += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) break;
      }
      if (i === 0 || i + len > buf.length || (buf[i - 1]! & 0x80) !== 0) break;
      yield buf.slice(i, i + len);
      buf = buf.slice(i + len);
    }
  }
}

export interface FakeKdfRelayOptions {
  /** false plays a KDF light node instead: the same, but it never says `IAmRelay`. */
  iAmRelay?: boolean;
  /** The answer payload to a request payload (`P2PRequest` msgpack), null for KDF's `None`. */
  answer?: (request: Uint8Array) => Uint8Array | null;
}

export async function startFakeKdfRelay(opts: FakeKdfRelayOptions = {}): Promise<FakeKdfRelay> {
  const libp2p = await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0/ws'] },
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify() },
  });
  const outbound = new Map<string, Stream>();
  const relay: FakeKdfRelay = {
    peerId: libp2p.peerId.toString(),
    multiaddr: libp2p.getMultiaddrs()[0]!.toString(),
    includedBy: new Set(),
    subscriptions: new Map(),
    published: [],
    sendAuthorMessage(peer, topic, data, seqno) {
      const seq = new Uint8Array(8);
      new DataView(seq.buffer).setBigUint64(0, seqno, false);
      const message = cat(field(1, libp2p.peerId.toMultihash().bytes), field(2, data), field(3, seq), field(4, new TextEncoder().encode(topic)));
      const stream = outbound.get(peer);
      if (!stream) throw new Error(`no stream to ${peer}`);
      stream.send(frame(field(2, message)));
    },
    stop: async () => {
      await libp2p.stop();
    },
  };

  const read = async (stream: Stream, peer: string): Promise<void> => {
    for await (const bytes of frames(stream)) {
      const { rpc, relay: control } = splitRelayControl(bytes);
      if (control.includedToRelaysMesh?.included === true) relay.includedBy.add(peer);
      if (control.includedToRelaysMesh?.included === false) relay.includedBy.delete(peer);
      for (const [n, v] of fields(rpc)) {
        if (n === 1 && v instanceof Uint8Array) {
          const sub = Object.fromEntries(fields(v));
          const topic = new TextDecoder().decode(sub[2] as Uint8Array);
          const topics = relay.subscriptions.get(peer) ?? new Set<string>();
          if (sub[1] === 1) topics.add(topic);
          else topics.delete(topic);
          relay.subscriptions.set(peer, topics);
        }
        if (n === 2 && v instanceof Uint8Array) {
          const msg = Object.fromEntries(fields(v));
          relay.published.push({ topic: new TextDecoder().decode(msg[4] as Uint8Array), data: msg[2] as Uint8Array, signed: msg[5] !== undefined });
        }
      }
    }
  };

  const answer = opts.answer;
  if (answer) {
    await libp2p.handle(REQUEST_RESPONSE_PROTOCOL, async (stream) => {
      const reply = answer(decodePeerRequest(await readFrame(stream)));
      stream.send(encodeFrame(encodePeerResponse(reply ? { kind: 'ok', res: reply } : { kind: 'none' })));
      await stream.close();
    });
  }
  await libp2p.handle(MESHSUB, (stream, connection) => {
    read(stream, connection.remotePeer.toString()).catch(() => undefined);
  });
  const greet = async (peer: PeerId): Promise<void> => {
    const stream = await libp2p.dialProtocol(peer, MESHSUB);
    outbound.set(peer.toString(), stream);
    stream.send(frame(opts.iAmRelay === false ? new Uint8Array(0) : encodeRelayControl({ iAmRelay: true })));
  };
  libp2p.addEventListener('peer:connect', (evt) => {
    greet(evt.detail).catch(() => undefined);
  });
  return relay;
}
