// @vitest-environment happy-dom
/**
 * A refusal always says in the card what was refused and why, and writes nothing. The events
 * come from the real tools (the apply model over real HTTP from the scripted server through the
 * desktop transport, a MemoryVault,
 * the real history); the pane renders exactly that log.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeFetch } from "../../src/obsidian/transport/node-fetch";
import { reply } from "../../src/sandbox/model-server";
import { newId } from "../../src/log/ids";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { AccessFloor } from "../../src/vault/access-floor";
import { editHarness } from "../composer/harness";
import { FakeThreadService } from "./support/fake-service";
import { http, https } from "../../src/node/http";
import { testHost } from "./support/host";

afterEach(cleanup);

// The DOM environment's fetch is the page's; the model calls go over the desktop transport (Node http).
const nodeFetch = createNodeFetch({ http, https });

async function showLog(h: Awaited<ReturnType<typeof editHarness>>): Promise<void> {
	const service = new FakeThreadService();
	service.addThread(h.log.threadId, [...h.log.events()]);
	render(<RedlinePane host={testHost(service, [], null)} />);
	await screen.findByRole("log");
}

describe("refusal cards", () => {
	it("say that the apply model's reply was not the note, and that nothing was written", async () => {
		const h = await editHarness({
			notes: { "List.md": "- milk\n- eggs\n" },
			replies: [reply.text("Done.")],
			fetch: nodeFetch,
		});
		await h.declareAndApply({ path: "List.md", operation: "modify", description: "add butter" });
		expect(await h.vault.read("List.md")).toBe("- milk\n- eggs\n");
		await showLog(h);
		const card = screen.getByRole("group", { name: "Edit List.md" });
		expect(within(card).getByText("Failed")).toBeTruthy();
		expect(card.textContent).toContain(
			'The output is only "Done." instead of the note, and the change does not ask to empty it. Nothing was written.',
		);
	});

	it("say which file an edit will not touch and why, before anyone is asked", async () => {
		const h = await editHarness({ notes: { "scripts/run.js": "console.log(1);\n" } });
		const args = { path: "scripts/run.js", operation: "modify" as const, description: "add a helper" };
		const callId = newId("call");
		const announced = h.declare.announce?.(args, { callId, newId });
		if (announced) h.log.append(announced);
		h.log.append({ type: "tool_call_proposed", callId, tool: "declareEditIntent", args, messageId: "msg_1" });
		const refused = h.declare.refuse?.(args, { state: h.log.state(), floor: new AccessFloor([]), callId });
		expect(refused).toBeDefined();
		if (refused) h.log.append({ type: "tool_call_completed", callId, result: refused });
		await showLog(h);
		const card = screen.getByRole("group", { name: "Edit scripts/run.js" });
		expect(within(card).queryByRole("button", { name: /^Run:/ })).toBeNull();
		expect(within(card).getByText("Refused")).toBeTruthy();
		expect(card.textContent).toContain(
			"scripts/run.js is not a Markdown note (.md); Redline edits notes only. Nothing was written.",
		);
		expect(await h.vault.read("scripts/run.js")).toBe("console.log(1);\n");
	});

	it("say that an executeEdit named another note than its intent's", async () => {
		const h = await editHarness({
			notes: { "Plan.md": "- a\n", "Other.md": "- x\n" },
			replies: [reply.text("- a\n- b\n")],
			fetch: nodeFetch,
		});
		const { editId } = await h.declareAndApply({ path: "Plan.md", operation: "modify", description: "add b" });
		expect(await h.vault.read("Plan.md")).toBe("- a\n- b\n");
		const result = await h.executeEdit({ editId, path: "Other.md", content: "gone\n" });
		expect(result.status).toBe("error");
		await showLog(h);
		const card = screen.getByRole("group", { name: "Edit Plan.md" });
		expect(card.textContent).toContain(
			`The edit intent "${editId}" is for Plan.md, not Other.md; nothing was written.`,
		);
		expect(await h.vault.read("Other.md")).toBe("- x\n");
	});

	it("say what was refused and why for every kind of apply refusal, and nothing was written", async () => {
		const note = "# List\n\n- milk\n- eggs\n- bread\n";
		const cases = [
			{ reason: "truncated", output: reply.text("# List\n\n- milk\n", { finishReason: "content_filter" }) },
			{ reason: "implausible", output: reply.text("- milk\n- eggs\n- bread\n- butter\n") },
			{
				reason: "unclear",
				output: reply.text("```markdown\n# List\n\n- milk\n- eggs\n- bread\n- butter\n```\nI added butter."),
			},
			{ reason: "empty", output: reply.text("Done.") },
		];
		for (const { reason, output } of cases) {
			const h = await editHarness({ notes: { "List.md": note }, replies: [output], fetch: nodeFetch });
			const { result } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "add butter" });
			expect(result.data?.reason, result.message).toBe(reason);
			expect(await h.vault.read("List.md")).toBe(note);
			await showLog(h);
			const card = screen.getByRole("group", { name: "Edit List.md" });
			expect(within(card).getByText("Failed")).toBeTruthy();
			expect(card.textContent, reason).toContain(result.message);
			expect(card.textContent, reason).toMatch(/nothing was written/i);
			cleanup();
		}
	});

	it("say that an executeEdit for a declined intent was refused, with no Run button", async () => {
		const h = await editHarness({ notes: { "Plan.md": "- a\n" } });
		const args = { path: "Plan.md", operation: "modify" as const, description: "add b" };
		const intentCall = h.propose(h.declare, args, "denied");
		h.log.append({
			type: "tool_call_completed",
			callId: intentCall,
			result: { status: "rejected", message: "denied: not now" },
		});
		const editId = h.log.state().toolCalls[intentCall]?.editId ?? "";
		const execArgs = { editId, content: "- a\n- b\n" };
		const callId = newId("call");
		h.log.append({ type: "tool_call_proposed", callId, tool: "executeEdit", args: execArgs, messageId: "msg_2" });
		const refused = h.execute.refuse?.(execArgs, { state: h.log.state(), floor: new AccessFloor([]), callId });
		expect(refused).toBeDefined();
		if (refused) h.log.append({ type: "tool_call_completed", callId, result: refused });
		await showLog(h);
		const card = screen.getByRole("group", { name: "Edit Plan.md" });
		expect(within(card).queryByRole("button", { name: /^Run:/ })).toBeNull();
		expect(card.textContent).toContain('The user declined the edit intent "add b" for Plan.md; nothing was written.');
		expect(await h.vault.read("Plan.md")).toBe("- a\n");
	});
});
