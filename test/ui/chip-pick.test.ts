/**
 * The pickers' logic both the pane's message box and the edit prompt use (src/ui/chip-pick.ts):
 * the choices for `[[`, `#` and `/`, at most twenty; what a pick leaves in the text and pins; and
 * whether a request still names what was picked.
 */
import { describe, expect, it } from "vitest";
import { PICKER_LIMIT, pickChip, pickInText, suggestChips, type ChipSource } from "../../src/ui/chip-pick";

const NOTES = ["Travel/Japan trip.md", "Travel/Packing.md", "Daily.md"];
const source = (tags?: string[]): ChipSource => ({
	suggestNotes: (query) => Promise.resolve(NOTES.filter((p) => p.toLowerCase().includes(query.toLowerCase()))),
	...(tags ? { suggestTags: (query: string) => Promise.resolve(tags.filter((t) => t.includes(query))) } : {}),
	notePaths: () => NOTES,
});

describe("suggestChips", () => {
	it("offers the host's notes for [[, at most PICKER_LIMIT", async () => {
		expect(await suggestChips(source(), { kind: "note", start: 0, query: "trav" })).toEqual([
			"Travel/Japan trip.md",
			"Travel/Packing.md",
		]);
		const many: ChipSource = { suggestNotes: () => Promise.resolve(Array.from({ length: 50 }, (_, i) => `${i}.md`)) };
		expect(await suggestChips(many, { kind: "note", start: 0, query: "" })).toHaveLength(PICKER_LIMIT);
	});

	it("offers the vault's tags for #, without their '#', and what was typed, last, when the vault has no such tag", async () => {
		expect(await suggestChips(source(["#plan", "planning"]), { kind: "tag", start: 0, query: "plan" })).toEqual([
			"plan",
			"planning",
		]);
		// Enter picks the vault's best match, not a tag no note has.
		expect(await suggestChips(source(["planning"]), { kind: "tag", start: 0, query: "plan" })).toEqual([
			"planning",
			"plan",
		]);
	});

	it("offers only what was typed for # when the host has no tags (nothing while nothing is typed)", async () => {
		expect(await suggestChips(source(), { kind: "tag", start: 0, query: "idea" })).toEqual(["idea"]);
		expect(await suggestChips(source(), { kind: "tag", start: 0, query: "" })).toEqual([]);
	});

	it("offers the folders of the notes for /", async () => {
		expect(await suggestChips(source(), { kind: "folder", start: 0, query: "tra" })).toEqual(["Travel"]);
	});
});

describe("pickChip", () => {
	it("completes a note's link as Obsidian writes it and pins the note for the next message", () => {
		const picked = pickChip("see [[Jap and more", { kind: "note", start: 4, query: "Jap" }, "Travel/Japan trip.md");
		expect(picked).toEqual({
			text: "see [[Travel/Japan trip]] and more",
			caret: "see [[Travel/Japan trip]]".length,
			item: { path: "Travel/Japan trip.md", scope: "message" },
		});
	});

	it("uses the closing brackets already typed after the cursor", () => {
		expect(pickChip("[[Jap]] now", { kind: "note", start: 0, query: "Jap" }, "Japan.md").text).toBe("[[Japan]] now");
	});

	it("keeps a tag in the text as '#tag ' and pins the tag; a folder leaves its chip alone", () => {
		expect(pickChip("about #pl", { kind: "tag", start: 6, query: "pl" }, "plan")).toEqual({
			text: "about #plan ",
			caret: 12,
			item: { tag: "plan", scope: "message" },
		});
		expect(pickChip("sum /Arc up", { kind: "folder", start: 4, query: "Arc" }, "Archive")).toEqual({
			text: "sum  up",
			caret: 4,
			item: { folder: "Archive", scope: "message" },
		});
	});
});

describe("pickInText", () => {
	it("tells whether the request still names the pick", () => {
		expect(pickInText("like [[Travel/Japan trip]]", { path: "Travel/Japan trip.md" })).toBe(true);
		expect(pickInText("like the other one", { path: "Travel/Japan trip.md" })).toBe(false);
		expect(pickInText("tagged #plan here", { tag: "plan" })).toBe(true);
		expect(pickInText("tagged #planning", { tag: "plan" })).toBe(false);
	});
});
