/**
 * A chat preference answers the cards already waiting (issue 30, "Preferences that say what they
 * do"): "Run, and don't ask again in this chat" on the first of two waiting cards of a tool runs
 * the second too, and "Don't allow in this chat" skips every waiting card of that tool. The policy
 * decides them (tool_call_decided by: "policy"), as it decides the calls proposed later, so it is
 * the log that says why, and the access floor still asks. Through the real runner and client.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { harness, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

const CONFIG = `${DEFAULT_CONFIG_DIR}/app.json`;

/** Two appendLine cards waiting, and a read of another note that ran by itself. */
async function twoWaiting(extra: Array<{ name: string; args: Record<string, unknown>; id: string }> = []) {
	const h = await harness({
		notes: { "A.md": "alpha", "B.md": "beta", [CONFIG]: "{}" },
		script: scripted(
			reply.toolCalls([
				{ name: "appendLine", args: { path: "A.md", line: "one" }, id: "c1" },
				{ name: "appendLine", args: { path: "B.md", line: "two" }, id: "c2" },
				...extra,
			]),
			reply.text("Done."),
		),
	});
	const threadId = await h.newThread();
	await h.send(threadId, "Add the lines");
	const state = await h.state(threadId);
	expect(state.pendingApprovals).toEqual(["c1", "c2", ...extra.map((call) => call.id)]);
	return { h, threadId };
}

async function prefer(h: Harness, threadId: string, tool: string, preference: "prompt" | "always" | "never") {
	const set = await h.service.setToolPreference({ threadId, tool, preference });
	expect(set.ok).toBe(true);
	await Promise.resolve();
	await Promise.resolve();
	await h.service.idle(threadId);
}

describe("a chat preference answers the cards of its tool that are waiting", () => {
	it("Run, and don't ask again on the first card: the user runs it, the policy runs its sibling, one follow-up", async () => {
		const { h, threadId } = await twoWaiting();
		// What the card does: the user's Run for this card, then the preference.
		await h.decide(threadId, ["c1"], []);
		expect(h.server.requests).toHaveLength(1);
		await prefer(h, threadId, "appendLine", "always");

		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(state.pendingApprovals).toEqual([]);
		const decided = ofType(await h.events(threadId), "tool_call_decided");
		expect(decided.map((d) => [d.callId, d.decision, d.by])).toEqual([
			["c1", "approved", "user"],
			["c2", "approved", "policy"],
		]);
		expect(await h.vault.read("A.md")).toBe("alpha\none");
		expect(await h.vault.read("B.md")).toBe("beta\ntwo");
		expect(h.server.requests).toHaveLength(2);
		expect(toolResults(h.server.requests[1]).map((r) => r.content)).toEqual(["Appended to A.md.", "Appended to B.md."]);
	});

	it("Don't allow in this chat: every waiting card of the tool is skipped, with the reason the model reads", async () => {
		const { h, threadId } = await twoWaiting();
		await prefer(h, threadId, "appendLine", "never");

		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const decided = ofType(await h.events(threadId), "tool_call_decided");
		expect(decided.map((d) => [d.callId, d.decision, d.by, d.comment])).toEqual([
			["c1", "denied", "policy", "the user disabled appendLine in this chat"],
			["c2", "denied", "policy", "the user disabled appendLine in this chat"],
		]);
		expect(await h.vault.read("A.md")).toBe("alpha");
		expect(await h.vault.read("B.md")).toBe("beta");
		expect(toolResults(h.server.requests[1]).map((r) => r.content)).toEqual([
			"The user denied this call: the user disabled appendLine in this chat",
			"The user denied this call: the user disabled appendLine in this chat",
		]);
	});

	it("a card of another tool keeps waiting, and the model is asked once, after it is decided", async () => {
		const { h, threadId } = await twoWaiting([{ name: "readNote", args: { path: CONFIG }, id: "c_config" }]);
		await prefer(h, threadId, "appendLine", "always");

		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.pendingApprovals).toEqual(["c_config"]);
		expect(h.server.requests).toHaveLength(1);

		await h.decide(threadId, [], ["c_config"]);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(h.server.requests).toHaveLength(2);
		expect(await h.vault.read("B.md")).toBe("beta\ntwo");
	});

	it("the access floor still asks: a waiting write under it is not run by the preference", async () => {
		const { h, threadId } = await twoWaiting([
			{ name: "appendLine", args: { path: CONFIG, line: "x" }, id: "c_config" },
		]);
		await prefer(h, threadId, "appendLine", "always");

		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.pendingApprovals).toEqual(["c_config"]);
		expect(await h.vault.read(CONFIG)).toBe("{}");
		expect(h.server.requests).toHaveLength(1);
	});

	it("Ask first decides nothing, and a preference for another tool leaves the cards waiting", async () => {
		const { h, threadId } = await twoWaiting();
		await prefer(h, threadId, "appendLine", "prompt");
		await prefer(h, threadId, "readNote", "never");

		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.pendingApprovals).toEqual(["c1", "c2"]);
		expect(ofType(await h.events(threadId), "tool_call_decided")).toEqual([]);
		expect(h.server.requests).toHaveLength(1);
	});
});
