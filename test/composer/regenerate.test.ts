import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, DEFAULT_MAX_OUTPUT_TOKENS } from "../../src/composer/regenerate";
import { reply } from "../../src/sandbox/model-server";
import { editHarness, noteInPrompt } from "./harness";

/** About 50,000 tokens (~200 KB): 40 sections of ~5,000 characters under "## Topic N". */
function longNote(): string {
	const parts = ["---", "tags: [long]", "---", "# Research log", ""];
	for (let n = 1; n <= 40; n++) {
		parts.push(`## Topic ${n}`, "");
		for (let p = 0; p < 10; p++) {
			parts.push(
				`Paragraph ${p} of topic ${n}: ` +
					"observations about the experiment, its setup and what it showed; ".repeat(8).trim(),
				"",
			);
		}
	}
	return parts.join("\n");
}

describe("a note too long for the apply model's output", () => {
	const note = longNote();

	it("is about 50,000 tokens, well past the apply model's output limit", () => {
		expect(note.length / CHARS_PER_TOKEN).toBeGreaterThan(49_000);
		expect(note.length / CHARS_PER_TOKEN).toBeGreaterThan(DEFAULT_MAX_OUTPUT_TOKENS);
	});

	it("regenerates only the section the description names and keeps every other byte", async () => {
		const h = await editHarness({
			notes: { "Log.md": note },
			prediction: true,
			replies: [
				(request) => {
					const user = request.body.messages.find((m) => m.role === "user");
					const section = noteInPrompt(typeof user?.content === "string" ? user.content : "");
					return reply.text(section.trimEnd() + "\n\nConclusion: topic 17 is settled.\n");
				},
			],
		});
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "add a conclusion to Topic 17",
		});

		expect(result).toMatchObject({ status: "success", data: { sections: ["Topic 17"], added: 2, removed: 0 } });
		expect(h.server.requests).toHaveLength(1);
		const sent = noteInPrompt(h.applyPrompt());
		expect(sent.startsWith("## Topic 17\n")).toBe(true);
		expect(sent).not.toContain("## Topic 18");
		expect(sent.length).toBeLessThan(10_000);
		expect(h.server.requests[0]?.body.prediction).toEqual({ type: "content", content: sent });

		const after = await h.vault.read("Log.md");
		const start = note.indexOf("## Topic 18");
		expect(after).toBe(note.slice(0, start).trimEnd() + "\n\nConclusion: topic 17 is settled.\n\n" + note.slice(start));
		expect(after.length).toBe(note.length + "\nConclusion: topic 17 is settled.\n".length);
	});

	it("is refused, never truncated, when the description names no heading", async () => {
		const h = await editHarness({ notes: { "Log.md": note } });
		const { result, editId } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "fix typos everywhere",
		});
		expect(result).toMatchObject({ status: "rejected", data: { reason: "too-large", editId } });
		expect(result.message).toMatch(/executeEdit.*edits/);
		expect(h.server.requests).toHaveLength(0);
		expect(await h.vault.read("Log.md")).toBe(note);
	});

	it("is refused for a rewrite", async () => {
		const h = await editHarness({ notes: { "Log.md": note } });
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "rewrite",
			description: "rewrite Topic 3",
		});
		expect(result).toMatchObject({ status: "rejected", data: { reason: "too-large" } });
		expect(result.message).toMatch(/too large for a rewrite/);
		expect(h.server.requests).toHaveLength(0);
	});

	it("can then be edited with search/replace edits under the same approved intent", async () => {
		const h = await editHarness({ notes: { "Log.md": note } });
		const { editId } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "fix typos everywhere",
		});
		const result = await h.executeEdit({ editId, edits: [{ search: "## Topic 40", replace: "## Topic 40 (final)" }] });
		expect(result).toMatchObject({ status: "success", data: { added: 1, removed: 1 } });
		expect(await h.vault.read("Log.md")).toBe(note.replace("## Topic 40", "## Topic 40 (final)"));
		expect(h.server.requests).toHaveLength(0);
	});

	it("regenerates each named section in turn, with one apply call per section", async () => {
		const small =
			"# Trip\n\n## Packing\n\n- socks\n- tent\n\n## Route\n\nNorth along the coast.\n\n## Budget\n\nAbout 400 EUR.\n";
		const h = await editHarness({
			notes: { "Trip.md": small },
			maxOutputTokens: 10,
			replies: [
				reply.text("## Packing\n\n- socks\n- tent\n- stove"),
				reply.text("```markdown\n## Budget\n\nAbout 450 EUR.\n```"),
			],
		});
		const { result } = await h.declareAndApply({
			path: "Trip.md",
			operation: "modify",
			description: "add a stove to Packing and raise the Budget",
		});
		expect(result).toMatchObject({ status: "success", data: { sections: ["Packing", "Budget"] } });
		expect(h.server.requests).toHaveLength(2);
		expect(await h.vault.read("Trip.md")).toBe(small.replace("- tent\n", "- tent\n- stove\n").replace("400", "450"));
	});
});
