import { describe, expect, it } from "vitest";
import { quoted, shortened } from "../../src/vault/quote";

describe("quoting a model-given string", () => {
	it("quotes a short one whole", () => {
		expect(quoted("Projects/Plan.md")).toBe('"Projects/Plan.md"');
	});

	it("keeps the start and the end of a long one, with its length", () => {
		const path = `Projects/${"a".repeat(40_000_000)}/End.md`;
		const out = quoted(path);
		expect(out.length).toBeLessThan(250);
		expect(out.startsWith('"Projects/aaa')).toBe(true);
		expect(out).toContain('aaa/End.md"');
		expect(out).toContain("(40,000,016 characters)");
		expect(shortened(path)).not.toContain('"');
	});
});
