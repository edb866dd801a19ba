#!/usr/bin/env node
// rowforge runs its TypeScript sources directly through Node's type stripping (Node >= 22.18
// strips types by default; the project's own scripts bring Node 24).
import { main } from "../src/cli/main.ts";

process.exitCode = await main(process.argv);
