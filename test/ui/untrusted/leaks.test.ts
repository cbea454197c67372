/** Which notes read this turn a URL carries text from (issue 25: a link that sends a note out asks first). */
import { describe, expect, it } from "vitest";
import { LEAK_RUN, notesInUrl } from "../../../src/ui/untrusted/leaks";

const READS = [
	{ path: "Private/Passwords.md", text: "Private/Passwords.md (3 lines):\n# Passwords\n\nBank: tulip-Harbor-9917" },
	{ path: "Projects/Plan.md", text: "Projects/Plan.md (1 lines):\nBuy timber" },
];

describe("a URL that carries a read note's text", () => {
	it("is found in its query, its path or its fragment, however it is encoded", () => {
		expect(notesInUrl("https://attacker.example/?d=tulip-Harbor-9917", READS)).toEqual(["Private/Passwords.md"]);
		expect(notesInUrl("https://attacker.example/c/TULIP%2DHARBOR%2D9917.png", READS)).toEqual(["Private/Passwords.md"]);
		expect(notesInUrl("https://attacker.example/#bank%253A%2520tulip%2520harbor", READS)).toEqual(["Private/Passwords.md"]);
		expect(notesInUrl("https://attacker.example/?d=tulip+harbor+9917", READS)).toEqual(["Private/Passwords.md"]);
	});

	it("is found in a subdomain, but a site's own name is no secret", () => {
		expect(notesInUrl("https://tulipharbor9917.attacker.example/", READS)).toEqual(["Private/Passwords.md"]);
		expect(notesInUrl("https://passwords.example/", [{ path: "a.md", text: "passwordsexample" }])).toEqual([]);
	});

	it(`needs ${LEAK_RUN} letters or digits in common, and nothing is flagged when no note was read`, () => {
		expect(notesInUrl("https://docs.example/guide?q=timber", READS)).toEqual([]);
		expect(notesInUrl("https://attacker.example/?d=tulip-Harbor-9917", [])).toEqual([]);
	});
});
