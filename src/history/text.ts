/**
 * Text helpers for the history: lines that keep their own endings (so a merge never normalizes
 * the user's note), a fast content hash, and the guard against huge or binary notes.
 */

/** Splits text into lines that each keep their terminator ("\n", "\r\n" or none for the last). */
export function splitLines(text: string): string[] {
	const lines: string[] = [];
	let start = 0;
	for (;;) {
		const nl = text.indexOf("\n", start);
		if (nl === -1) break;
		lines.push(text.slice(start, nl + 1));
		start = nl + 1;
	}
	if (start < text.length) lines.push(text.slice(start));
	return lines;
}

/**
 * A 2x53-bit content hash (cyrb53 with two seeds) plus the length. Not cryptographic: it only
 * tells "this is still the text Redline wrote" apart from "someone changed it", synchronously
 * (vault.process callbacks cannot await crypto.subtle) and without Node built-ins.
 */
export function textHash(text: string): string {
	// Both seeds in one pass over the text: a 1 MB note is hashed about twice per write.
	let a1 = 0xdeadbeef ^ SEED_A;
	let a2 = 0x41c6ce57 ^ SEED_A;
	let b1 = 0xdeadbeef ^ SEED_B;
	let b2 = 0x41c6ce57 ^ SEED_B;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		a1 = Math.imul(a1 ^ ch, 2654435761);
		a2 = Math.imul(a2 ^ ch, 1597334677);
		b1 = Math.imul(b1 ^ ch, 2654435761);
		b2 = Math.imul(b2 ^ ch, 1597334677);
	}
	return `${text.length.toString(36)}-${cyrb53Final(a1, a2)}${cyrb53Final(b1, b2)}`;
}

const SEED_A = 0x9e3779b9;
const SEED_B = 0x85ebca6b;

/** cyrb53's final mix of its two lanes, as 11 base-36 digits. */
function cyrb53Final(h1: number, h2: number): string {
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, "0");
}

/** UTF-8 byte length without allocating an encoded copy. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) bytes += 1;
		else if (c < 0x800) bytes += 2;
		else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}

/** Why the history refuses this text, or null when it is fine. */
export function refuseText(path: string, text: string, maxBytes: number, what: string): string | null {
	if (text.includes("\u0000")) {
		return `${path}: ${what} is not text (it contains a NUL byte); Redline only edits and reverts text notes.`;
	}
	// A UTF-16 unit is at most 3 UTF-8 bytes: short texts need no exact count.
	if (text.length * 3 <= maxBytes) return null;
	const bytes = utf8Length(text);
	if (bytes > maxBytes) {
		return `${path}: ${what} is ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} limit for Redline's history (setting "maxNoteBytes").`;
	}
	return null;
}

function formatBytes(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
	if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${bytes} bytes`;
}

/**
 * Fits the agent's text to the note's conventions (never the other way round): when the text the
 * agent worked from used CRLF or a BOM and the proposal dropped them (models write LF, no BOM),
 * the proposal gets them back, so the diff shows the real change and not every line.
 */
export function fitToNote(base: string, proposed: string): string {
	let out = proposed;
	const crlf = base.includes("\r\n") && !/(^|[^\r])\n/.test(base);
	if (crlf && !out.includes("\r")) out = out.replace(/\n/g, "\r\n");
	if (base.startsWith("\uFEFF") && !out.startsWith("\uFEFF")) out = "\uFEFF" + out;
	return out;
}
