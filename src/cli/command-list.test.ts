import assert from "node:assert/strict";
import { test } from "node:test";
import { Command, Help } from "commander";
import { processIo } from "./cli-io.ts";
import { COMMANDS, commandNamed } from "./command-list.ts";

test("each command's definition has the name and arguments the list of commands shows for it", async () => {
  for (const c of COMMANDS) {
    const program = new Command();
    (await c.load())(program, processIo(), () => {});
    const defined = program.commands.at(-1)!;
    assert.equal(defined.name(), c.name);
    assert.equal(new Help().subcommandTerm(defined), `${c.name} ${c.usage}`.trimEnd());
    // The list holds the description: one text, not one per place.
    assert.equal(defined.description(), "", `${c.name}'s description is in command-list.ts`);
  }
});

test("the command is the first argument, or the one after help", () => {
  assert.equal(commandNamed(["run", "plan.yaml"])?.name, "run");
  assert.equal(commandNamed(["help", "sample"])?.name, "sample");
  assert.equal(commandNamed(["--version"]), undefined);
  assert.equal(commandNamed(["rnu"]), undefined);
  assert.equal(commandNamed([]), undefined);
});
