/**
 * The seed's persistent libp2p identity: an Ed25519 key kept in a file (libp2p's protobuf
 * encoding, readable by its owner only), created on the first start. A restarted seed keeps its
 * peer id, so nodes that pin it in their `seednodes` multiaddr (`…/p2p/<id>`) find it again.
 * (`@libp2p/crypto` is the key library libp2p itself depends on.)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from '@libp2p/crypto/keys';
import type { PrivateKey } from '@libp2p/interface';
import { errorMessage } from '../../src/node/p2p/errors';

/** Reads the key in `path`, or creates it there when the file does not exist; throws with the reason otherwise. */
export async function loadOrCreateIdentity(path: string, log: (line: string) => void): Promise<PrivateKey> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read the key file ${path}: ${errorMessage(e)}`);
    const key = await generateKeyPair('Ed25519');
    await mkdir(dirname(path), { recursive: true });
    // 'wx': never overwrite a key another seed process wrote in the meantime.
    await writeFile(path, privateKeyToProtobuf(key), { mode: 0o600, flag: 'wx' });
    log(`seednode: created a new identity in ${path}`);
    return key;
  }
  try {
    return privateKeyFromProtobuf(bytes);
  } catch (e) {
    throw new Error(`the key file ${path} does not hold a libp2p private key: ${errorMessage(e)}`);
  }
}
