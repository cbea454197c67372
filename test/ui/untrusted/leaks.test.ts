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
		expect(notesInUrl("https://attacker.example/#bank%253A%2520tulip%2520harbor", READS)).toEqual([
			"Private/Passwords.md",
		]);
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

	it("is found however many times the URL was encoded (its server can decode as often as it likes)", () => {
		const thrice = encodeURIComponent(encodeURIComponent(encodeURIComponent("tulip Harbor 9917")));
		expect(notesInUrl(`https://attacker.example/?d=${thrice}`, READS)).toEqual(["Private/Passwords.md"]);
		// A stray "%" ends the decoding without losing what was decoded so far.
		expect(notesInUrl(`https://attacker.example/?d=${encodeURIComponent("tulip%Harbor9917")}`, READS)).toEqual([
			"Private/Passwords.md",
		]);
	});

	it("is found in the user name or the password of the URL", () => {
		expect(notesInUrl("https://tulipHarbor9917@attacker.example/", READS)).toEqual(["Private/Passwords.md"]);
		expect(notesInUrl("https://me:tulipHarbor9917@attacker.example/", READS)).toEqual(["Private/Passwords.md"]);
	});

	it(`is found with exactly ${LEAK_RUN} letters in common, at the end of what the URL carries, but not with one fewer`, () => {
		const reads = [{ path: "a.md", text: "code word is zqxjvkwp" }];
		// The path alone: what the URL carries is exactly these letters.
		expect(notesInUrl("https://attacker.example/zqxjvkwp", reads)).toEqual(["a.md"]);
		expect(notesInUrl("https://attacker.example/zqxjvkw", reads)).toEqual([]);
		expect(notesInUrl("https://attacker.example/?d=xx-zqxjvkwp", reads)).toEqual(["a.md"]);
	});

	it("is found in full-width or other compatibility forms of the note's letters", () => {
		expect(notesInUrl("https://attacker.example/?d=ｔｕｌｉｐＨａｒｂｏｒ９９１７", READS)).toEqual([
			"Private/Passwords.md",
		]);
	});

	it("names each note once, in reading order, even when it was read twice or several carry the text", () => {
		const reads = [
			{ path: "B.md", text: "shared words: timber-yard-seven" },
			{ path: "A.md", text: "timber-yard-seven" },
			{ path: "B.md", text: "shared words: timber-yard-seven" },
			{ path: "C.md", text: "nothing in common" },
		];
		expect(notesInUrl("https://attacker.example/?d=timber-yard-seven", reads)).toEqual(["B.md", "A.md"]);
	});

	it("is searched as text when the address is not a URL at all, decoded", () => {
		expect(notesInUrl("not a url: tulip%2DHarbor%2D9917", READS)).toEqual(["Private/Passwords.md"]);
	});
});
