import type { ColumnType } from 'kysely';

/**
 * A jsonb column: read as the parsed document, written as the document itself (the projections send
 * rows as one JSON parameter, where a document nests as it is; given as its JSON text, it would be
 * stored as a JSON string).
 */
export type JsonDocument = ColumnType<unknown, object, object>;
