import { describe, expect, it } from "vitest";
import { SEPARATOR, countTerms, fold, termsOf } from "../../src/search/terms";
import { fixtureNotes } from "./support";

/** The definition the scan implements: fold, then split on SEPARATOR. */
function byRegex(text: string): string[] {
	return fold(text)
		.split(new RegExp(`${SEPARATOR.source}+`, "u"))
		.filter((word) => word.length > 0);
}

const ODD =
	"a\tb\u000bc ÉLAN café 😀x日本語 İstanbul ǅ x\u0301y 𝒜bc _under_score €5 \ud800lone — “quoted” #tag/sub ½ ﬁne";

describe("search terms", () => {
	it("split on spaces, punctuation, symbols and control characters, tabs included", () => {
		expect(termsOf("\t- item\tother")).toEqual(["item", "other"]);
		expect(termsOf("#project/alpha, (see)")).toEqual(["project", "alpha", "see"]);
	});

	it("fold case and accents, in any script", () => {
		expect(termsOf("Café ÉLAN İstanbul Straße")).toEqual(["cafe", "elan", "istanbul", "straße"]);
	});

	it("come out of the scan as out of the regex definition, for the fixture notes and odd text", () => {
		for (const text of [...Object.values(fixtureNotes()), ODD]) expect(termsOf(text)).toEqual(byRegex(text));
	});

	it("are counted as the list has them", () => {
		const text = Object.values(fixtureNotes()).join("\n") + ODD;
		const expected = new Map<string, number>();
		for (const term of termsOf(text)) expected.set(term, (expected.get(term) ?? 0) + 1);
		expect(countTerms(text)).toEqual(expected);
	});
});
