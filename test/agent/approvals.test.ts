import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decide, disabledComment } from "../../src/agent/approvals";
import { emptyState } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { toolResult } from "../../src/log/tool-result";
import type { Tool } from "../../src/tools/tool";
import { AccessFloor } from "../../src/vault/access-floor";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

const writer: Tool<{ path: string }> = {
	name: "writer",
	description: "writes",
	schema: z.object({ path: z.string() }),
	defaultPreference: "prompt",
	label: "writing",
	words: () => ({ title: "Write", active: "Writing" }),
	access: (args) => ({ reads: [], writes: [args.path], scans: false }),
	preApproved: (args) => args.path.startsWith("ok/"),
	run: () => Promise.resolve(toolResult.success("done")),
};

const reader: Tool<{ path: string }> = {
	name: "reader",
	description: "reads",
	schema: z.object({ path: z.string() }),
	defaultPreference: "always",
	label: "reading",
	words: () => ({ title: "Read", active: "Reading" }),
	access: (args) => ({ reads: [args.path], writes: [], scans: false }),
	run: () => Promise.resolve(toolResult.success("read")),
};

const floor = new AccessFloor([]);

function withPreference(preference: "prompt" | "always" | "never", tool = "writer"): ThreadState {
	return { ...emptyState("t"), preferences: { [tool]: preference } };
}

/** A thread where the user clicked Run on an earlier reader call for path. */
function afterUserApprovedRead(path: string, by: "user" | "policy" = "user"): ThreadState {
	const state = emptyState("t");
	return {
		...state,
		toolCalls: {
			c0: {
				callId: "c0",
				tool: "reader",
				args: { path },
				messageId: "m",
				proposedSeq: 1,
				proposedAt: "",
				phase: "completed",
				decision: "approved",
				decidedBy: by,
			},
		},
		toolCallOrder: ["c0"],
	};
}

describe("decide (approval policy)", () => {
	it("falls back from the thread preference to the settings default to the tool default", () => {
		expect(decide(writer, { path: "a.md" }, emptyState("t"), {}, floor)).toBe("ask");
		expect(decide(writer, { path: "a.md" }, emptyState("t"), { writer: "always" }, floor)).toBe("approve");
		expect(decide(writer, { path: "a.md" }, withPreference("prompt"), { writer: "always" }, floor)).toBe("ask");
		expect(decide(writer, { path: "a.md" }, withPreference("always"), { writer: "prompt" }, floor)).toBe("approve");
	});

	it("denies a tool set to never, and says so in words the model reads", () => {
		expect(decide(writer, { path: "a.md" }, withPreference("never"), {}, floor)).toBe("deny");
		expect(disabledComment("writer")).toBe("the user disabled writer in this chat");
	});

	it("approves a pre-approved call without asking", () => {
		expect(decide(writer, { path: "ok/a.md" }, emptyState("t"), {}, floor)).toBe("approve");
	});

	it("under review before write, a tool that drafts is never pre-approved: its write is shown first", () => {
		const drafter: Tool<{ path: string }> = { ...writer, draft: (args, ctx) => writer.run(args, ctx) };
		expect(decide(drafter, { path: "ok/a.md" }, emptyState("t"), {}, floor, true)).toBe("ask");
		expect(decide(drafter, { path: "ok/a.md" }, emptyState("t"), {}, floor, false)).toBe("approve");
		expect(decide(writer, { path: "ok/a.md" }, emptyState("t"), {}, floor, true)).toBe("approve");
		expect(decide(drafter, { path: "ok/a.md" }, withPreference("always"), {}, floor, true)).toBe("approve");
	});

	it(`always asks for writes under ${DEFAULT_CONFIG_DIR} or the plugin's data folder, whatever the preference`, () => {
		expect(decide(writer, { path: `${DEFAULT_CONFIG_DIR}/app.json` }, withPreference("always"), {}, floor)).toBe("ask");
		expect(decide(writer, { path: ".OBSIDIAN/app.json" }, withPreference("always"), {}, floor)).toBe("ask");
		expect(decide(writer, { path: `ok/../${DEFAULT_CONFIG_DIR}/x` }, withPreference("always"), {}, floor)).toBe("ask");
		const plugin = new AccessFloor(["Plugins/redline"]);
		expect(decide(writer, { path: "Plugins/redline/data.md" }, withPreference("always"), {}, plugin)).toBe("ask");
		expect(decide(writer, { path: "Notes/a.md" }, withPreference("always"), {}, plugin)).toBe("approve");
	});

	it("asks before any write the floor flags, even a pre-approved one", () => {
		expect(decide(writer, { path: "ok/run.js" }, withPreference("always"), {}, floor)).toBe("ask");
		expect(decide(writer, { path: "ok/.env" }, withPreference("always"), {}, floor)).toBe("ask");
	});

	it("always shows a card for reading configuration, plugin data and hidden files, even after an earlier approval", () => {
		for (const path of [`${DEFAULT_CONFIG_DIR}/plugins/other/data.json`, ".env", "Notes/.secret.md", "../outside.md"]) {
			expect(decide(reader, { path }, emptyState("t"), {}, floor), path).toBe("ask");
			expect(decide(reader, { path }, withPreference("always", "reader"), {}, floor), path).toBe("ask");
			expect(decide(reader, { path }, afterUserApprovedRead(path), {}, floor), path).toBe("ask");
		}
	});

	it("asks before reading a file that is not a note, unless the user allowed that path in this thread", () => {
		expect(decide(reader, { path: "scripts/run.js" }, emptyState("t"), {}, floor)).toBe("ask");
		expect(decide(reader, { path: "scripts/run.js" }, afterUserApprovedRead("./scripts/run.js"), {}, floor)).toBe(
			"approve",
		);
		expect(decide(reader, { path: "scripts/other.js" }, afterUserApprovedRead("scripts/run.js"), {}, floor)).toBe(
			"ask",
		);
		// An approval by preference is not the user allowing that file.
		expect(
			decide(reader, { path: "scripts/run.js" }, afterUserApprovedRead("scripts/run.js", "policy"), {}, floor),
		).toBe("ask");
		expect(decide(reader, { path: "Notes/a.md" }, emptyState("t"), {}, floor)).toBe("approve");
	});
});
