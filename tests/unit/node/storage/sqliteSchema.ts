import type { DbSchema } from '../../../../src/node/storage';

export const DURABILITY_SCHEMA: DbSchema = { db: 'durable', version: 1, stores: { items: { keyPath: 'id' } } };
