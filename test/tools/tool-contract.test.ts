// What the model sees of the tools and what it is told when its arguments are wrong, pinned to
// the bytes (fixtures/tool-contract.json, written from the zod 4 schemas before main.js dropped
// zod's JSON-schema converter and its classic API): a change to a schema, to how its JSON schema
// is made or to how its failures read shows up as a failure here and a diff of the fixture.
import { describe, expect, it } from "vitest";
import { readFile } from "../../src/node/fs";
import * as path from "../../src/node/path";
import { CALLS, currentContract, registry, type ToolContract } from "./support/tool-contract";

async function fixture(): Promise<ToolContract> {
	return JSON.parse(
		await readFile(path.fileURLToPath(new URL("fixtures/tool-contract.json", import.meta.url)), "utf8"),
	) as ToolContract;
}

describe("the tools' contract with the model", () => {
	it("covers every registered tool", () => {
		expect(Object.keys(CALLS).sort()).toEqual(registry.names().sort());
	});

	it("gives the model exactly the tool definitions it has always had", async () => {
		// Byte for byte, key order included: what the model reads, and what the token estimate counts.
		expect(JSON.stringify(currentContract().definitions, null, "\t")).toBe(
			JSON.stringify((await fixture()).definitions, null, "\t"),
		);
	});

	it("parses good arguments and words each mistake exactly as before", async () => {
		const before = (await fixture()).outcomes;
		const now = currentContract().outcomes;
		expect(now.length).toBe(before.length);
		now.forEach((outcome, i) => expect(outcome).toEqual(before[i]));
	});
});
