import { describe, expect, it } from "vitest";
import { AccessFloor, mayShowWithoutAsking } from "../../src/vault/access-floor";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

describe("the access floor", () => {
	const floor = new AccessFloor([".redline/data"]);

	it("seals Obsidian's configuration folder, whatever the case or spelling of the path", () => {
		for (const path of [
			`${DEFAULT_CONFIG_DIR}/app.json`,
			DEFAULT_CONFIG_DIR,
			"./.OBSIDIAN/plugins/x/data.json",
			`ok/../${DEFAULT_CONFIG_DIR}/x`,
		]) {
			const hit = floor.check(path);
			expect(hit, path).not.toBeNull();
			if (hit) expect(floor.sealed(hit)).toBe(true);
		}
		expect(floor.check(`${DEFAULT_CONFIG_DIR}/plugins/other/data.json`)).toMatchObject({
			reason: "protected",
			message: expect.stringContaining(DEFAULT_CONFIG_DIR) as unknown,
		});
	});

	it("seals the protected folders it is given, and hidden files and folders", () => {
		expect(floor.check(".redline/data/threads/a.jsonl")).toMatchObject({ reason: "protected" });
		expect(floor.check(".redline/other.md")).toMatchObject({ reason: "hidden" });
		expect(floor.check(".env")).toMatchObject({
			reason: "hidden",
			message: ".env is a hidden file or lies in a hidden folder",
		});
		expect(floor.check("Notes/.secret/plan.md")).toMatchObject({ reason: "hidden" });
		expect(new AccessFloor(["Config"]).check("config/x.md")).toMatchObject({ reason: "protected" });
	});

	it("flags files that are not notes, without sealing them", () => {
		const hit = floor.check("scripts/run.js");
		expect(hit).toMatchObject({
			reason: "not-a-note",
			path: "scripts/run.js",
			message: "scripts/run.js is not a Markdown note (.md)",
		});
		expect(hit && floor.sealed(hit)).toBe(false);
		expect(floor.check("Canvas.canvas")).toMatchObject({ reason: "not-a-note" });
	});

	it("seals a path that is not even valid", () => {
		for (const path of [`../${DEFAULT_CONFIG_DIR}/app.json`, "", "/etc/passwd", "C:/x.md"]) {
			const hit = floor.check(path);
			expect(hit?.reason, path).toBe("invalid");
			if (hit) expect(floor.sealed(hit)).toBe(true);
		}
	});

	it("lets ordinary notes through, including ones whose names merely resemble protected ones", () => {
		for (const path of ["Daily/Today.md", "Notes/obsidian-ideas.md", "Notes/x.obsidian.md", "README.MD"])
			expect(floor.check(path), path).toBeNull();
		expect(floor.check(".obsidianish/x.md")).toMatchObject({ reason: "hidden" });
	});

	it("exports the show-without-asking rule for listings and the search index", () => {
		expect(mayShowWithoutAsking("Daily/Today.md", [])).toBe(true);
		expect(mayShowWithoutAsking(`${DEFAULT_CONFIG_DIR}/workspace.md`, [])).toBe(false);
		expect(mayShowWithoutAsking("Data/keys.md", ["Data"])).toBe(false);
		expect(mayShowWithoutAsking("image.png", [])).toBe(false);
	});

	it("seals a protected folder's own path (the plugin's data folder), not only what lies in it", () => {
		const data = new AccessFloor(["Redline data"]);
		for (const path of ["Redline data", "redline data/", "./Redline data"]) {
			const hit = data.check(path);
			expect(hit, path).toMatchObject({
				reason: "protected",
				message: expect.stringContaining("is in Redline data") as unknown,
			});
			if (hit) expect(data.sealed(hit), path).toBe(true);
		}
		expect(data.check("Redline data.md")).toBeNull();
		expect(data.check("Redline database/x.md")).toBeNull();
	});

	it("judges a listed symbolic link by its name and by where it leads", () => {
		expect(floor.mayShowListed({ path: "Notes/a.md" })).toBe(true);
		expect(floor.mayShowListed({ path: "Notes/a.md", linkedTo: "Notes/b.md" })).toBe(true);
		expect(floor.mayShowListed({ path: "Notes/a.md", linkedTo: `${DEFAULT_CONFIG_DIR}/plugins/other/data.json` })).toBe(
			false,
		);
		// A link that leads outside the vault (or nowhere) has no vault path to judge: not shown.
		expect(floor.mayShowListed({ path: "Notes/a.md", linkedTo: null })).toBe(false);
		expect(floor.mayShowListed({ path: ".env", linkedTo: "Notes/b.md" })).toBe(false);
	});
});
