import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestOutcome } from "../connector.ts";
import { connectPostgres } from "./postgres-client.ts";
import { describeServer, readPostgresServer } from "./postgres-options.ts";

interface ServerFacts extends Record<string, unknown> {
  readonly version: string;
  readonly database: string;
  readonly user: string;
  readonly schema_exists: boolean;
  readonly can_create_tables: boolean;
  readonly can_create_schemas: boolean;
}

/**
 * Connects (within connectTimeout), reads the server version and what the connection's user
 * may do in its schema (the URL's currentSchema, else public): create tables there, or create
 * the schema when it does not exist. Writes nothing. A refused connect throws its coded error.
 */
export async function testPostgresConnection(c: Connection): Promise<ConnectionTestOutcome> {
  const o = readPostgresServer(c.name, c.options);
  const client = await connectPostgres(o);
  try {
    const facts = (
      await client.query<ServerFacts>(
        `SELECT current_setting('server_version') AS version, current_database() AS database,
                current_user AS user,
                EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS schema_exists,
                CASE WHEN EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)
                     THEN has_schema_privilege($1, 'CREATE') ELSE false END AS can_create_tables,
                has_database_privilege(current_database(), 'CREATE') AS can_create_schemas`,
        [o.schema],
      )
    ).rows[0]!;
    const details = {
      server: describeServer(o),
      product: "PostgreSQL",
      version: facts.version,
      database: facts.database,
      user: facts.user,
      schema: o.schema,
      schemaExists: facts.schema_exists,
      canCreateTables: facts.can_create_tables || (!facts.schema_exists && facts.can_create_schemas),
    };
    const reached = `connected to PostgreSQL ${facts.version} at ${describeServer(o)} as "${facts.user}"`;
    if (!facts.schema_exists && !facts.can_create_schemas) {
      return {
        success: false,
        message: `${reached}, but schema "${o.schema}" does not exist and the user may not create it`,
        details,
      };
    }
    const can = details.canCreateTables
      ? `may create tables in schema "${o.schema}"${facts.schema_exists ? "" : " (it would be created)"}`
      : `may not create tables in schema "${o.schema}" (writes need existing tables)`;
    return { success: true, message: `${reached}; ${can}`, details };
  } finally {
    await client.end().catch(() => {});
  }
}
