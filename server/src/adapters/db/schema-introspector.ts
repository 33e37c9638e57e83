import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Dialect,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector lists the tables of every schema on the server, and asks
 * `has_schema_privilege` of each by name: a schema dropped by another client between the two steps makes
 * the whole query fail with "schema … does not exist". The migrator introspects before and during every
 * migration, so on a server shared with other schemas (test workers, a chaos run, a staging copy) a
 * migration could fail because someone else dropped theirs. This introspector sees only the database's
 * own schema, which is all the migrator looks for.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      isView: boolean;
      column: string;
      dataType: string;
      dataTypeSchema: string;
      notNull: boolean;
      hasDefault: boolean;
      isIdentity: boolean;
      serial: string | null;
      comment: string | null;
    }>`
      select c.relname as "table", c.relkind = 'v' as "isView", a.attname as "column", t.typname as "dataType",
             tn.nspname as "dataTypeSchema", a.attnotnull as "notNull", a.atthasdef as "hasDefault",
             a.attidentity <> '' as "isIdentity",
             pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as serial,
             col_description(a.attrelid, a.attnum) as comment
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
       where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: this.schema, isView: row.isView, columns: [] }));
      table.columns.push({
        name: row.column,
        dataType: row.dataType,
        dataTypeSchema: row.dataTypeSchema,
        isNullable: !row.notNull,
        isAutoIncrementing: row.isIdentity || row.serial !== null,
        hasDefaultValue: row.hasDefault,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The given PostgreSQL dialect, introspecting only `schema`. */
export function schemaScoped(dialect: PostgresDialect, schema: string): Dialect {
  return {
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => new SchemaIntrospector(db, schema),
  };
}
