import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestOutcome } from "../connector.ts";
import { connectMysql } from "./mysql-client.ts";
import { describeServer, readMysqlServer } from "./mysql-options.ts";

/**
 * Connects (within connectTimeout) to the URL's database, reads the server version and whether
 * the connection's user holds CREATE on that database (globally or through a database grant,
 * wildcards included). Writes nothing. A refused connect throws its coded error.
 */
export async function testMysqlConnection(c: Connection): Promise<ConnectionTestOutcome> {
  const o = readMysqlServer(c.name, c.options);
  const client = await connectMysql(o);
  try {
    const [facts] = await client.query<{ version: string; db: string | null; user: string }[]>(
      "SELECT VERSION() AS version, DATABASE() AS db, CURRENT_USER() AS user",
    );
    const { version, db, user } = facts!;
    // CURRENT_USER() is user@host; grants name it 'user'@'host'.
    const at = user.lastIndexOf("@");
    const grantee = `'${user.slice(0, at)}'@'${user.slice(at + 1)}'`;
    const [grants] = await client.query<{ n: number | string }[]>(
      `SELECT (SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES
                WHERE GRANTEE = ? AND PRIVILEGE_TYPE = 'CREATE')
            + (SELECT COUNT(*) FROM information_schema.SCHEMA_PRIVILEGES
                WHERE GRANTEE = ? AND PRIVILEGE_TYPE = 'CREATE' AND ? LIKE TABLE_SCHEMA) AS n`,
      [grantee, grantee, db ?? ""],
    );
    const canCreateTables = Number(grants!.n) > 0;
    const product = /mariadb/i.test(version) ? "MariaDB" : "MySQL";
    const shortVersion = version.replace(/-.*$/, "");
    const details = {
      server: describeServer(o),
      product,
      version: shortVersion,
      database: db ?? "",
      user,
      canCreateTables,
    };
    const reached = `connected to ${product} ${shortVersion} at ${describeServer(o)} as "${user}"`;
    const where = db
      ? `database "${db}"`
      : "the server (the url names no database: write dbtable as database.table)";
    const can = canCreateTables
      ? `may create tables in ${where}`
      : `may not create tables in ${where} (writes need existing tables)`;
    return { success: true, message: `${reached}; ${can}`, details };
  } finally {
    await client.end();
  }
}
