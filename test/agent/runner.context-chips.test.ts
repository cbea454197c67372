/**
 * Context chips (issue 33) through the real stack, the real LangChain client and the scripted
 * server, over the sandbox's vault and the Obsidian fake's: a folder chip for a 300-note folder
 * previews its count, its notes and their tokens before sending, and the message carries exactly
 * the notes it showed (in full up to the chip's limit, the rest named); tag, backlinks and
 * links-from chips add the notes they say; a chip for this message goes with it only, one kept for
 * the chat goes with every message (only the newest in full) and is still there after a reload.
 * The `#` picker's tags come from the same vault, counted and ranked as tag-suggest.ts says.
 */
import { describe, expect, it, vi } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { CHIP_NOTE_LIMIT } from "../../src/thread/context-chips";
import { ofType } from "./support/harness";
import { HOSTS, stack } from "./support/redline-stack";

const lastUser = (request: RecordedRequest | undefined): string => {
	const message = (request?.body.messages ?? []).filter((m) => m.role === "user").at(-1);
	return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? "");
};

function archive(count: number): Record<string, string> {
	const notes: Record<string, string> = {};
	for (let n = 1; n <= count; n++)
		notes[`Archive/Note ${String(n).padStart(3, "0")}.md`] =
			`# Note ${n}\nFiled on day ${n}. ${"Details of the filing. ".repeat(20)}`;
	return notes;
}

describe.each(HOSTS)("context chips over $name", (host) => {
	it("a folder chip for 300 notes shows the count, the notes and their tokens, and sends what it showed", async () => {
		const s = await stack(host, { ...archive(300), "Other/Outside.md": "not in the folder" }, [
			reply.text("Read them."),
		]);
		const item = { folder: "Archive", scope: "message" as const };
		const previewed = await s.service.previewContext({ threadId: s.threadId, item });
		if (!previewed.ok) throw new Error(previewed.error.message);
		const { preview } = previewed;
		expect(preview.total).toBe(300);
		expect(preview.notes.length + preview.listed.length).toBe(300);
		expect(preview.notes.length).toBeGreaterThan(10);
		expect(preview.notes.length).toBeLessThanOrEqual(CHIP_NOTE_LIMIT);
		expect(preview.notes[0]).toMatchObject({ path: "Archive/Note 001.md" });
		expect(preview.notes.every((note) => note.tokens > 100)).toBe(true);
		expect(preview.tokens).toBeGreaterThan(preview.notes.reduce((sum, note) => sum + note.tokens, 0));

		expect((await s.service.pinItem({ threadId: s.threadId, operation: "pin", pinnedItem: item })).ok).toBe(true);
		await s.send("Summarise the archive");
		const sent = lastUser(s.server.requests[0]);
		for (const note of preview.notes) expect(sent).toContain(`--- "${note.path}" ---\n# Note `);
		for (const path of preview.listed) expect(sent).not.toContain(`--- "${path}" ---`);
		expect(sent).toContain(`Named only: ${preview.listed.map((p) => JSON.stringify(p)).join(", ")}`);
		expect(sent).not.toContain("Outside");
		const [message] = ofType(await s.events(), "user_message");
		expect(message?.context?.[0]?.notes.map((note) => note.path)).toEqual(preview.notes.map((note) => note.path));
		// The meter counts them with the pinned context, within the preview's tokens.
		const [meter] = ofType(await s.events(), "context_measured");
		expect(Math.abs((meter?.parts.pinned ?? 0) - preview.tokens)).toBeLessThanOrEqual(preview.notes.length + 5);
	});

	it("tag, backlinks and links-from chips add the notes they name, one hop, and nothing else", async () => {
		const notes = {
			"Hub.md": "# Hub\nSee [[Alpha]] and [[Beta]].",
			"Alpha.md": "# Alpha\n#plan\nBack to [[Hub]].",
			"Beta.md": "# Beta\nNothing links on. [[Gamma]]",
			"Gamma.md": "# Gamma\n#plan/q3",
			"Delta.md": "# Delta\n#other",
		};
		const s = await stack(host, notes, [reply.text("1"), reply.text("2"), reply.text("3")]);
		const paths = async (item: Parameters<typeof s.service.previewContext>[0]["item"]) => {
			const previewed = await s.service.previewContext({ threadId: s.threadId, item });
			if (!previewed.ok) throw new Error(previewed.error.message);
			return previewed.preview.notes.map((note) => note.path);
		};
		expect(await paths({ tag: "#plan" })).toEqual(["Alpha.md", "Gamma.md"]);
		expect(await paths({ backlinksOf: "Hub.md" })).toEqual(["Alpha.md"]);
		expect(await paths({ linksFrom: "Hub.md" })).toEqual(["Alpha.md", "Beta.md"]);
		await s.service.pinItem({
			threadId: s.threadId,
			operation: "pin",
			pinnedItem: { linksFrom: "Hub.md", scope: "message" },
		});
		await s.send("What does Hub lead to?");
		const sent = lastUser(s.server.requests[0]);
		expect(sent).toContain('--- "Alpha.md" ---');
		expect(sent).toContain('--- "Beta.md" ---');
		expect(sent).not.toContain('--- "Gamma.md" ---');
	});

	it("the # picker's tags (v1.context.tags) are the vault's, frontmatter and inline, nested ones under their parents, ranked", async () => {
		const s = await stack(
			host,
			{
				"Alpha.md": "---\ntags: [project/alpha, reading]\n---\n# Alpha\n",
				"Alpha 2.md": "# Alpha 2\nSee #project/alpha and #Todo.",
				"Beta.md": "---\ntags:\n  - project/beta\n---\n# Beta\n#todo",
				"Gamma.md": "# Gamma\n#todo #spread",
			},
			[],
		);
		const tags = async (query: string, limit?: number) => {
			const answer = await s.service.suggestTags({ query, ...(limit ? { limit } : {}) });
			if (!answer.ok) throw new Error(answer.error.message);
			return answer.tags;
		};
		expect(await tags("")).toEqual([
			{ tag: "project", count: 3 },
			{ tag: "todo", count: 3 },
			{ tag: "project/alpha", count: 2 },
			{ tag: "project/beta", count: 1 },
			{ tag: "reading", count: 1 },
			{ tag: "spread", count: 1 },
		]);
		expect((await tags("#Pro")).map((t) => t.tag)).toEqual(["project", "project/alpha", "project/beta"]);
		expect((await tags("rea")).map((t) => t.tag)).toEqual(["reading", "spread"]);
		expect((await tags("alp")).map((t) => t.tag)).toEqual(["project/alpha"]);
		expect(await tags("", 2)).toHaveLength(2);
		const bad = await s.service.suggestTags({ query: 7 as unknown as string });
		expect(bad.ok ? "ok" : bad.error.code).toBe("bad_params");

		// Counted again once the vault changes: a new tag appears, a trashed note's goes.
		await s.service.suggestTags({ query: "" });
		await s.vault.create("Delta.md", "# Delta\n#spread/wide");
		await s.vault.trash("Gamma.md");
		await vi.waitFor(async () => {
			expect(await tags("spr")).toEqual([
				{ tag: "spread", count: 1 },
				{ tag: "spread/wide", count: 1 },
			]);
		});
		expect((await tags("todo"))[0]).toEqual({ tag: "todo", count: 2 });
	});

	it("a chip for this message goes with it only; one kept for the chat goes with every message and survives a reload", async () => {
		const s = await stack(host, archive(3), [reply.text("1"), reply.text("2"), reply.text("3")]);
		await s.service.pinItem({
			threadId: s.threadId,
			operation: "pin",
			pinnedItem: { folder: "Archive", scope: "message" },
		});
		await s.send("First");
		await s.send("Second");
		expect(lastUser(s.server.requests[0])).toContain('--- "Archive/Note 001.md" ---');
		expect(lastUser(s.server.requests[1])).not.toContain("Archive/Note 001.md");

		await s.service.pinItem({ threadId: s.threadId, operation: "pin", pinnedItem: { tag: "nothing", scope: "chat" } });
		await s.service.pinItem({
			threadId: s.threadId,
			operation: "pin",
			pinnedItem: { folder: "Archive", scope: "chat" },
		});
		await s.restart();
		await s.send("Third");
		const third = s.server.requests[2];
		expect(lastUser(third)).toContain('--- "Archive/Note 001.md" ---');
		// The first message's copy of the chip is still in full only there was no later one: now it is a stub.
		const users = (third?.body.messages ?? []).filter((m) => m.role === "user").map((m) => String(m.content));
		expect(users[0]).toContain("sent again with a later message");
		expect(ofType(await s.events(), "item_pinned").map((e) => e.item)).toContainEqual({
			folder: "Archive",
			scope: "chat",
		});
	});
});
