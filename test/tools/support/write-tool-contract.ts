/** Writes test/tools/fixtures/tool-contract.json from the current tools (see tool-contract.ts). */
import { writeFile } from "../../../src/node/fs";
import * as path from "../../../src/node/path";
import { process } from "../../../src/node/process";
import { currentContract } from "./tool-contract";

const file = path.fileURLToPath(new URL("../fixtures/tool-contract.json", import.meta.url));
await writeFile(file, `${JSON.stringify(currentContract(), null, "\t")}\n`);
process.stdout.write(`wrote ${file}\n`);
