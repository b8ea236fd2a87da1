/**
 * Raw transactions by id, shared by everything that reads them (history, the coinbase check of
 * young outputs, a hardware wallet's previous transactions): a transaction never changes under its
 * id, so one notification's readers ask the server once, and concurrent asks share one request.
 * The most recently used are kept up to `maxChars` of hex in all (a wallet's funding transaction
 * can be 80 KB); a failed fetch is forgotten.
 */
export class TxHexCache {
  private readonly entries = new Map<string, Promise<string>>();
  /** Lengths of the answered entries (in-flight ones are not counted yet), and their sum. */
  private readonly lengths = new Map<string, number>();
  private held = 0;

  constructor(private readonly maxChars: number) {}

  /** The hexes of `txids`, in order; `fetch` is called once, with the ids neither held nor in flight. */
  get(txids: string[], fetch: (missing: string[]) => Promise<string[]>): Promise<string[]> {
    const missing = [...new Set(txids.filter((id) => !this.entries.has(id)))];
    if (missing.length > 0) {
      const batch = fetch(missing);
      missing.forEach((id, i) => {
        const hex = batch.then((hexes) => hexes[i] ?? Promise.reject(new Error(`no answer for transaction ${id}`)));
        this.entries.set(id, hex);
        hex.then(
          (h) => {
            if (this.entries.get(id) !== hex) return;
            this.lengths.set(id, h.length);
            this.held += h.length;
            this.trim();
          },
          () => {
            if (this.entries.get(id) === hex) this.entries.delete(id);
          },
        );
      });
    }
    return Promise.all(txids.map((id) => this.touch(id)));
  }

  /** Transactions held or in flight. */
  get size(): number {
    return this.entries.size;
  }

  /** Moves an id to the most recently used end. */
  private touch(id: string): Promise<string> {
    const hex = this.entries.get(id) as Promise<string>;
    this.entries.delete(id);
    this.entries.set(id, hex);
    return hex;
  }

  /** Drops the least recently used answered entries until the rest fit. */
  private trim(): void {
    for (const id of this.entries.keys()) {
      if (this.held <= this.maxChars) return;
      const length = this.lengths.get(id);
      if (length === undefined) continue; // still in flight
      this.entries.delete(id);
      this.lengths.delete(id);
      this.held -= length;
    }
  }
}
