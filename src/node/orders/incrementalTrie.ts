/**
 * KDF's pair trie (orderTrie.ts) kept as a tree, so one order in or out costs the nodes on its
 * path rather than the whole maker's set: recomputing the root from the set at every message
 * made a flood of one maker's orders quadratic (44 ms per message at 1,000 orders). The tree is
 * the no-extension Patricia trie itself: a leaf holds a key and its value, a branch the depth at
 * which its keys part and up to 16 children. Each node caches its reference (its encoding's hash,
 * or the encoding when shorter than a hash) for the depth it starts at; a change clears the caches
 * on its path only, and a node moved to another depth (a split, or a branch folding into its last
 * child) re-encodes itself alone, its children's references still standing. The root is the same
 * as `trieRoot` of the same set, byte for byte (tests compare them on random histories).
 *
 * All keys have one length (uuids: 16 bytes), so no key ends on a branch and branches carry no
 * value, as in KDF's pair tries.
 */
import {
  BRANCH_NO_VALUE,
  compactLength,
  EMPTY_TRIE_ROOT,
  hash64,
  HASH_LENGTH,
  header,
  LEAF,
  packNibbles,
  pushBytes,
  sharedLength,
  toNibbles,
} from './orderTrie';

interface Leaf {
  kind: 'leaf';
  nibbles: Uint8Array;
  value: Uint8Array;
  /** The reference at `depth`, or null when it must be computed again. */
  ref: Uint8Array | null;
  depth: number;
}

interface Branch {
  kind: 'branch';
  /** The depth (in nibbles) at which the children part: every key below shares the nibbles before it. */
  end: number;
  /** A key below, for the shared nibbles. */
  sample: Uint8Array;
  children: (TrieNode | undefined)[];
  count: number;
  ref: Uint8Array | null;
  depth: number;
}

type TrieNode = Leaf | Branch;

export class IncrementalTrie {
  private top: TrieNode | undefined;
  private rootHash: Uint8Array | null = EMPTY_TRIE_ROOT;

  /** `keyLength`: every key's length in bytes. */
  constructor(private readonly keyLength: number) {}

  /** Inserts or replaces the value under `key`. */
  set(key: Uint8Array, value: Uint8Array): void {
    const nibbles = this.nibblesOf(key);
    this.rootHash = null;
    this.top = this.top ? insert(this.top, 0, nibbles, value) : newLeaf(nibbles, value);
  }

  /** Removes `key`; nothing when absent. */
  delete(key: Uint8Array): void {
    if (!this.top) return;
    const nibbles = this.nibblesOf(key);
    const [node, removed] = remove(this.top, nibbles);
    if (!removed) return;
    this.top = node;
    this.rootHash = null;
  }

  /** KDF's root of the set (`EMPTY_TRIE_ROOT` when empty). */
  root(): Uint8Array {
    if (this.rootHash) return this.rootHash;
    this.rootHash = this.top ? hash64(encode(this.top, 0)) : EMPTY_TRIE_ROOT;
    return this.rootHash;
  }

  private nibblesOf(key: Uint8Array): Uint8Array {
    if (key.length !== this.keyLength) throw new RangeError(`trie keys have ${this.keyLength} bytes, got ${key.length}`);
    return toNibbles(key);
  }
}

const newLeaf = (nibbles: Uint8Array, value: Uint8Array): Leaf => ({ kind: 'leaf', nibbles, value, ref: null, depth: -1 });

const sampleOf = (node: TrieNode): Uint8Array => (node.kind === 'leaf' ? node.nibbles : node.sample);

/** A branch at `end` holding `a` and `b` (whose keys part there). */
function fork(end: number, a: TrieNode, b: TrieNode): Branch {
  const children: (TrieNode | undefined)[] = new Array(16);
  children[sampleOf(a)[end]!] = a;
  children[sampleOf(b)[end]!] = b;
  return { kind: 'branch', end, sample: sampleOf(a), children, count: 2, ref: null, depth: -1 };
}

/** `node` (starting at `depth`) with `nibbles` → `value` in it; clears the caches on the way. */
function insert(node: TrieNode, depth: number, nibbles: Uint8Array, value: Uint8Array): TrieNode {
  if (node.kind === 'leaf') {
    const shared = sharedLength(node.nibbles, nibbles, depth);
    if (shared === nibbles.length) {
      node.value = value;
      node.ref = null;
      return node;
    }
    return fork(shared, node, newLeaf(nibbles, value));
  }
  const shared = sharedLength(node.sample, nibbles, depth);
  if (shared < node.end) return fork(shared, node, newLeaf(nibbles, value));
  node.ref = null;
  const at = nibbles[node.end]!;
  const child = node.children[at];
  if (child) node.children[at] = insert(child, node.end + 1, nibbles, value);
  else {
    node.children[at] = newLeaf(nibbles, value);
    node.count++;
  }
  return node;
}

/** `node` without `nibbles` (undefined when nothing is left), and whether the key was there. */
function remove(node: TrieNode, nibbles: Uint8Array): [TrieNode | undefined, boolean] {
  if (node.kind === 'leaf') {
    return sharedLength(node.nibbles, nibbles, 0) === nibbles.length ? [undefined, true] : [node, false];
  }
  if (sharedLength(node.sample, nibbles, 0) < node.end) return [node, false];
  const at = nibbles[node.end]!;
  const child = node.children[at];
  if (!child) return [node, false];
  const [rest, removed] = remove(child, nibbles);
  if (!removed) return [node, false];
  node.ref = null;
  node.children[at] = rest;
  if (rest) {
    node.sample = sampleOf(rest);
    return [node, true];
  }
  node.count--;
  if (node.count > 1) {
    node.sample = sampleOf(node.children.find((c) => c !== undefined)!);
    return [node, true];
  }
  // One child left: it takes the branch's place (and re-encodes itself at the branch's depth).
  return [node.children.find((c) => c !== undefined), true];
}

/** The node's encoding when it starts at `depth` (sp-trie's no-extension codec, as in orderTrie.ts). */
function encode(node: TrieNode, depth: number): Uint8Array {
  const out: number[] = [];
  if (node.kind === 'leaf') {
    header(LEAF, node.nibbles.length - depth, out);
    packNibbles(node.nibbles.subarray(depth), out);
    out.push(...compactLength(node.value.length));
    pushBytes(node.value, out);
    return Uint8Array.from(out);
  }
  header(BRANCH_NO_VALUE, node.end - depth, out);
  packNibbles(node.sample.subarray(depth, node.end), out);
  let bitmap = 0;
  for (let i = 0; i < 16; i++) if (node.children[i]) bitmap |= 1 << i;
  out.push(bitmap & 0xff, bitmap >> 8);
  for (const child of node.children) {
    if (!child) continue;
    const ref = reference(child, node.end + 1);
    out.push(...compactLength(ref.length));
    pushBytes(ref, out);
  }
  return Uint8Array.from(out);
}

/** How a parent names the node starting at `depth`: its encoding's hash, or the encoding when shorter. */
function reference(node: TrieNode, depth: number): Uint8Array {
  if (node.ref && node.depth === depth) return node.ref;
  const encoded = encode(node, depth);
  node.ref = encoded.length >= HASH_LENGTH ? hash64(encoded) : encoded;
  node.depth = depth;
  return node.ref;
}
