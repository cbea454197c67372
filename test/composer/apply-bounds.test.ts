/**
 * An apply model whose reply never ends (a server that ignores max_tokens) is stopped at the apply
 * cap while it streams: the request is aborted, nothing is written, and the result says why.
 * Through declareEditIntent with the real ChatOpenAI against the scripted apply model.
 */
import { describe, expect, it } from "vitest";
import { applyReplyCap } from "../../src/composer/apply";
import { editHarness } from "./harness";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { setTimeout } from "../../src/node/timers";

/** The server learns of the client going away a moment after the client left: wait for it. */
async function outcomeOf(request: RecordedRequest | undefined): Promise<string | undefined> {
	for (let i = 0; i < 200 && request?.outcome === "pending"; i++)
		await new Promise((resolve) => setTimeout(resolve, 10));
	return request?.outcome;
}

describe("the apply model's reply", () => {
	it("is stopped at its cap when it never ends, and nothing is written", async () => {
		const h = await editHarness({
			replies: [{ text: "# Packing\n\n", repeat: { piece: "- passport\n".repeat(4000), times: Infinity } }],
		});
		const { result } = await h.declareAndApply({
			path: "Packing.md",
			operation: "create",
			description: "write a packing list",
		});
		expect(result.status).toBe("error");
		expect(result.message).toContain(
			`grew past ${(applyReplyCap("") / 1024).toLocaleString("en-US")} KB without ending`,
		);
		expect(result.message).toContain("Nothing was written");
		expect(await h.vault.exists("Packing.md")).toBe(false);
		expect(await outcomeOf(h.server.requests[0])).toBe("client-closed");
	});
});
