import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';
import type { Database, DbSchema, StorageFactory } from './storage.js';

/** The bot's one record; the mmbot domain reads and checks it (unchecked data from disk). */
export interface StoredMmBot {
  id: 'bot';
  /** Whether the bot runs: a node started with it true starts the bot again. */
  running: boolean;
  /** The start request's params as given (JSON), read again on resume. */
  request: unknown;
  /** `BASE/REL` → the uuid of the bot's maker order there: the only orders the bot changes. */
  orders: Record<string, string>;
}

const STORE = 'bot_state';

const MM_BOT_DB: DbSchema = {
  db: 'simple_mm_bot',
  version: 1,
  stores: { [STORE]: { keyPath: 'id' } },
};

/**
 * The simple market-maker bot's state (`MAIN::<rmd160>::simple_mm_bot`; KDF keeps it in memory
 * only): its configuration, whether it runs, and which maker orders are its own.
 */
export class MmBotStore {
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory, walletRmd160: string): Promise<MmBotStore> {
    const fullName = dbName(walletRmd160, MM_BOT_DB.db);
    try {
      return new MmBotStore(await storage.open(fullName, MM_BOT_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  async load(): Promise<unknown> {
    try {
      return await this.db.get(STORE, 'bot');
    } catch (e) {
      throw toDbError(e, 'cannot read the market-maker bot state');
    }
  }

  async save(record: StoredMmBot): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: STORE, value: record }]);
    } catch (e) {
      throw toDbError(e, 'cannot save the market-maker bot state');
    }
  }

  close(): void {
    this.db.close();
  }
}
