import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import { type Database, openDatabase } from '../adapters/db/database';
import type { EventStore } from '../application/ports/event-store';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { UpcastingEventStore } from '../application/upcasting-event-store';
import { migrateReadModels } from '../projections/migrations';

/** Opens the read-model database (PostgreSQL, or PGlite under DATA_DIR) and migrates it. */
export async function openReadModels(config: AppConfig): Promise<Database> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize } : { dataDir: join(config.dataDir, 'pglite') });
  await migrateReadModels(database.kysely, database.schema);
  return database;
}

/**
 * EventStoreDB when EVENTSTORE_URL is set, else the PostgreSQL event store in the same database; either read
 * and written through the upcasters (events in their types' current shapes, `application/upcasting-event-store.ts`).
 */
export async function openEventStore(config: AppConfig, database: Database): Promise<EventStore> {
  let store: EventStore;
  if (config.eventStoreUrl) {
    // Loaded only when configured: the EventStoreDB client brings a gRPC stack the default setup does not need.
    const { EventStoreDbEventStore } = await import('../adapters/event-store/eventstoredb-event-store.js');
    store = new EventStoreDbEventStore(config.eventStoreUrl);
  } else {
    store = new PostgresEventStore(database);
  }
  await store.init();
  return new UpcastingEventStore(store);
}


/** Where the projection runner reads events and writes read models. */
export interface ProjectionStorage {
  database: Database;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * On a real PostgreSQL server the projections get two connections of their own (one reads the log,
 * one applies a batch), so a busy API never makes them queue for a pooled connection; on PGlite, and
 * for reading an EventStoreDB log, they share what the API uses.
 */
export async function openProjectionStorage(config: AppConfig, database: Database, store: EventStore): Promise<ProjectionStorage> {
  if (!config.databaseUrl || database.kind !== 'postgres') return { database, store, close: async () => undefined };
  // Two per tier (live and analytic): one reads the log, one applies a batch.
  const own = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 4 });
  return {
    database: own,
    store: store.kind === 'eventstoredb' ? store : new UpcastingEventStore(new PostgresEventStore(own)),
    close: () => own.close(),
  };
}
