import type { ColumnType } from 'kysely';

/** The runner's checkpoint of each projection (`projections/runner.ts`). */
export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  checkpoint: string | null;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The runner's table, by name. */
export interface CheckpointTables {
  projection_checkpoints: ProjectionCheckpointsTable;
}
