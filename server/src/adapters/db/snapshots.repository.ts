import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { SnapshotRepository, type StoredSnapshot } from '../../application/ports/snapshots';
import { DatabaseToken } from '../../config/tokens';
import type { Database } from './database';

interface SnapshotRow {
  stream_id: string;
  revision: number;
  version: string;
  state: unknown;
  updated_at: Date;
}

/** The `snapshots` table: one row per stream, the newest snapshot of the current state shape. */
@Injectable()
export class KyselySnapshotRepository extends SnapshotRepository {
  private readonly db: Kysely<{ snapshots: SnapshotRow }>;

  constructor(@Inject(DatabaseToken) database: Database) {
    super();
    this.db = database.kysely as unknown as Kysely<{ snapshots: SnapshotRow }>;
  }

  async read(streamId: string, version: string): Promise<StoredSnapshot | null> {
    const row = await this.db.selectFrom('snapshots').select(['revision', 'state']).where('stream_id', '=', streamId).where('version', '=', version).executeTakeFirst();
    return row ? { revision: Number(row.revision), state: row.state } : null;
  }

  async write(streamId: string, revision: number, version: string, json: string): Promise<void> {
    await this.db
      .insertInto('snapshots')
      .values({ stream_id: streamId, revision, version, state: sql`${json}::jsonb`, updated_at: new Date() })
      .onConflict((oc) =>
        oc
          .column('stream_id')
          .doUpdateSet({ revision, version, state: sql`${json}::jsonb`, updated_at: new Date() })
          .where(sql<boolean>`snapshots.revision < ${revision} or snapshots.version <> ${version}`),
      )
      .execute();
  }
}
