/**
 * Reads of one script (its unspent list, its history) kept for as long as the server's status
 * hash of the script (`blockchain.scripthash.subscribe`) is unchanged: the status is a hash of the
 * script's history, so an unchanged status means an unchanged answer. This is how the Electrum
 * protocol is meant to be used, and it makes `my_balance` free while nothing happens.
 *
 * Rules: a status change or our own broadcast starts a new generation, and every read made for an
 * older generation is stale; concurrent reads of one generation share one request; nothing is kept
 * while the subscription is not held by a connected server (a change could go unseen), nor an answer
 * of another server than that one (it may not have seen the block yet).
 */

/** A status as the server sends it: a hex hash, or null for a script without history. */
export type ScriptStatus = string | null;

export type ScriptRead = 'unspent' | 'history';

/** A read's answer, and whether it came from the server whose status we hold (only then is it kept). */
export interface ScriptAnswer<T> {
  value: T;
  consistent: boolean;
}

/** A read in flight or answered; a failed one is dropped so that the next caller asks again. */
interface Entry {
  generation: number;
  value: Promise<unknown>;
}

export class ScriptStatusCache {
  private generation = 0;
  /** `undefined` until the first status is known, and after a malformed one. */
  private status: ScriptStatus | undefined = undefined;
  private readonly entries = new Map<ScriptRead, Entry>();

  /** `live`: whether the script's subscription is held by a connected server now. */
  constructor(private readonly live: () => boolean) {}

  /**
   * The status from the subscribe answer or a notification; `undefined` for a malformed one, which
   * counts as a change. Returns whether the status changed (and the reads were dropped).
   */
  setStatus(status: ScriptStatus | undefined): boolean {
    if (status !== undefined && status === this.status) return false;
    this.status = status;
    this.newGeneration();
    return true;
  }

  /** Drops every read: our own broadcast changed the script before the server's notification. */
  invalidate(): void {
    this.newGeneration();
  }

  /** The read of this generation, or one `fetch` for it, shared with every concurrent caller. */
  read<T>(kind: ScriptRead, fetch: () => Promise<ScriptAnswer<T>>): Promise<T> {
    if (!this.live() || this.status === undefined) {
      this.entries.delete(kind);
      return fetch().then((a) => a.value);
    }
    const cached = this.entries.get(kind);
    if (cached && cached.generation === this.generation) return cached.value as Promise<T>;
    const answer = fetch();
    const entry: Entry = { generation: this.generation, value: answer.then((a) => a.value) };
    this.entries.set(kind, entry);
    const drop = () => {
      if (this.entries.get(kind) === entry) this.entries.delete(kind);
    };
    answer.then((a) => (a.consistent ? undefined : drop()), drop);
    return entry.value as Promise<T>;
  }

  private newGeneration(): void {
    this.generation++;
    this.entries.clear();
  }
}
