import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import {
  kafkaFacts,
  mariadbFacts,
  mariadbJdbcUrl,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

test("rowforge connection test <name>: exit 0 with what it found, 1 with the reason, 2 for an unknown name; --json; list masks secrets; a unified plan's inline connection", () => {
  const pg = postgresFacts();
  const maria = mariadbFacts();
  const kafkaBroker = kafkaFacts();
  const dir = fixtureDir({
    "application.conf": `postgres {
  local_pg { url = "${postgresJdbcUrl(pg)}", user = "${pg.user}" }
}
mysql {
  local_maria { url = "${mariadbJdbcUrl(maria)}", user = "${maria.user}", password = \${MARIA_PW} }
  maria_wrong { url = "${mariadbJdbcUrl(maria)}", user = "${maria.user}", password = "${maria.password}zz" }
}
kafka {
  my_kafka { kafka.bootstrap.servers = "${kafkaBroker.bootstrap}", topic = "rf_cli_no_such_topic" }
}
jms {
  my_jms { url = "smf://localhost:55555", connectionFactory = "/jms/cf/default" }
}
`,
    "plan.yaml": `name: inline_plan
dataSources:
  - name: inline_files
    connection: { type: csv, options: { path: out/people } }
    steps:
      - name: people
        fields: [{ name: id }]
`,
  });
  const env = { MARIA_PW: maria.password };
  const home = ["--home", join(dir, "home")];
  const pgOk = runCli(["connection", "test", "local_pg", ...home], { cwd: dir, env });
  assert.equal(pgOk.status, 0, pgOk.stderr);
  assert.match(
    pgOk.stdout,
    new RegExp(`^ok: connected to PostgreSQL .* at ${pg.host}:${pg.port}/${pg.database}`),
  );
  assert.match(pgOk.stdout, /canCreateTables: true/);

  const mariaOk = runCli(["connection", "test", "local_maria", "--json", ...home], { cwd: dir, env });
  assert.equal(mariaOk.status, 0, mariaOk.stderr);
  const answer = JSON.parse(mariaOk.stdout);
  assert.deepEqual(Object.keys(answer).sort(), ["details", "durationMs", "message", "success"]);
  assert.equal(answer.details.product, "MariaDB");
  assert.ok(!mariaOk.stdout.includes(maria.password));

  const wrong = runCli(
    ["connection", "test", "maria_wrong", "--config", join(dir, "application.conf"), ...home],
    { env },
  );
  assert.equal(wrong.status, 1);
  assert.match(
    wrong.stderr,
    new RegExp(
      `^failed: connection "maria_wrong": MySQL/MariaDB at ${maria.host}:${maria.port} refused user`,
    ),
  );
  assert.ok(!`${wrong.stdout}${wrong.stderr}`.includes(maria.password), "no password on a failure");

  const kafka = runCli(["connection", "test", "my_kafka", ...home], { cwd: dir, env });
  assert.equal(kafka.status, 0, kafka.stderr);
  assert.match(
    kafka.stdout,
    new RegExp(
      `^ok: connected to Kafka cluster \\S+ at ${kafkaBroker.bootstrap}: 1 broker, controller \\d+; topic "rf_cli_no_such_topic" does not exist`,
    ),
  );
  const jms = runCli(["connection", "test", "my_jms", ...home], { cwd: dir, env });
  assert.equal(jms.status, 1);
  assert.match(
    jms.stderr,
    /connection "my_jms" is a JMS connection with connection factory "\/jms\/cf\/default", which rowforge cannot write to; of JMS connections it writes to RabbitMQ only/,
  );

  const unknown = runCli(["connection", "test", "local_mari", ...home], { cwd: dir, env });
  assert.equal(unknown.status, 2);
  assert.match(
    unknown.stderr,
    /RF_CONNECTION_NOT_FOUND: no connection named "local_mari".*did you mean "local_maria"/,
  );

  const inline = runCli(["connection", "test", "inline_files", "--plan", "plan.yaml", ...home], {
    cwd: dir,
    env,
  });
  assert.equal(inline.status, 0, inline.stderr);
  assert.match(inline.stdout, /out\/people does not exist yet; rowforge can create it/);

  const list = runCli(["connection", "list", "--plan", "plan.yaml", ...home], { cwd: dir, env });
  assert.equal(list.status, 0, list.stderr);
  for (const name of ["local_pg", "local_maria", "maria_wrong", "my_kafka", "inline_files"])
    assert.match(list.stdout, new RegExp(name));
  const listJson = runCli(["connection", "list", "--json", ...home], { cwd: dir, env });
  assert.ok(!listJson.stdout.includes(maria.password), "list masks passwords");
  assert.match(listJson.stdout, /"password": "\*\*\*"/);
});
