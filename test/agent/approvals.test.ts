import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decide, disabledComment } from "../../src/agent/approvals";
import { emptyState } from "../../src/thread/projection";
import type { ThreadState } from "../../src/thread/state";
import { toolResult } from "../../src/tools/result";
import type { Tool } from "../../src/tools/tool";

const writer: Tool<{ path: string }> = {
	name: "writer",
	description: "writes",
	schema: z.object({ path: z.string() }),
	defaultPreference: "prompt",
	writesTo: (args) => args.path,
	preApproved: (args) => args.path.startsWith("ok/"),
	run: () => Promise.resolve(toolResult.success("done")),
};

function withPreference(preference: "prompt" | "always" | "never"): ThreadState {
	return { ...emptyState("t"), preferences: { writer: preference } };
}

describe("decide (approval policy)", () => {
	it("falls back from the thread preference to the settings default to the tool default", () => {
		expect(decide(writer, { path: "a.md" }, emptyState("t"), {})).toBe("ask");
		expect(decide(writer, { path: "a.md" }, emptyState("t"), { writer: "always" })).toBe("approve");
		expect(decide(writer, { path: "a.md" }, withPreference("prompt"), { writer: "always" })).toBe("ask");
		expect(decide(writer, { path: "a.md" }, withPreference("always"), { writer: "prompt" })).toBe("approve");
	});

	it("denies a tool set to never, and says so in words the model reads", () => {
		expect(decide(writer, { path: "a.md" }, withPreference("never"), {})).toBe("deny");
		expect(disabledComment("writer")).toBe("the user disabled writer in this chat");
	});

	it("approves a pre-approved call without asking", () => {
		expect(decide(writer, { path: "ok/a.md" }, emptyState("t"), {})).toBe("approve");
	});

	it("always asks for writes under .obsidian or the plugin's data folder, whatever the preference", () => {
		expect(decide(writer, { path: ".obsidian/app.json" }, withPreference("always"), {})).toBe("ask");
		expect(decide(writer, { path: ".OBSIDIAN/app.json" }, withPreference("always"), {})).toBe("ask");
		expect(decide(writer, { path: "ok/../.obsidian/x" }, withPreference("always"), {})).toBe("ask");
		expect(decide(writer, { path: "Plugins/redline/data.json" }, withPreference("always"), {}, ["Plugins/redline"])).toBe("ask");
		expect(decide(writer, { path: "Notes/a.md" }, withPreference("always"), {}, ["Plugins/redline"])).toBe("approve");
	});
});
