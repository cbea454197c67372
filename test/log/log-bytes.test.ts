/**
 * Reading a log in chunks (issue 32, part 3): a long log is read by ranged reads of CHUNK_BYTES,
 * never as one string. Chunk boundaries fall anywhere in the bytes, so in the middle of a
 * multi-byte UTF-8 character too: the text handed on must still be the log's text, line for line.
 * Written first: on the code before, logs were read whole and nothing here existed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openLogBytes, readLines, type LogBytes } from "../../src/log/log-bytes";
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { wholeReadsOnly } from "../support/whole-reads-store";

function bytesOf(text: string): LogBytes {
	const bytes = new TextEncoder().encode(text);
	return { size: bytes.length, read: (start, end) => Promise.resolve(bytes.slice(start, end)) };
}

/** Every piece readLines hands on, in order. */
async function pieces(source: LogBytes, chunk: number, from = 0): Promise<Array<{ text: string; last: boolean }>> {
	const out: Array<{ text: string; last: boolean }> = [];
	await readLines(
		source,
		from,
		(text, last) => {
			out.push({ text, last });
			return Promise.resolve();
		},
		chunk,
	);
	return out;
}

describe("reading a log in chunks", () => {
	it("decodes a character a chunk boundary cuts in two whole, with its line", async () => {
		// "é" is 2 bytes, "€" 3, "😀" 4 (a surrogate pair in the text): every small chunk size cuts some.
		const text = `{"a":"é😀"}\n{"b":"€€€"}\n😀😀\n{"c":"x"}\n`;
		for (let chunk = 1; chunk <= 24; chunk++) {
			const got = await pieces(bytesOf(text), chunk);
			expect(got.map((p) => p.text).join("")).toBe(text);
			expect(got.some((p) => p.text.includes("\ufffd"))).toBe(false);
			expect(got.at(-1)).toEqual({ text: "", last: true });
			for (const piece of got.slice(0, -1)) {
				expect(piece.last).toBe(false);
				expect(piece.text.endsWith("\n")).toBe(true);
			}
		}
	});

	it("hands on any text, in any chunk size, as whole lines that join to it", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.string({ unit: "grapheme", maxLength: 12 }), { maxLength: 12 }),
				fc.boolean(),
				fc.integer({ min: 1, max: 40 }),
				async (lines, torn, chunk) => {
					const text = lines.map((line) => line.replaceAll("\n", " ")).join("\n") + (torn ? "" : "\n");
					const got = await pieces(bytesOf(text), chunk);
					expect(got.map((p) => p.text).join("")).toBe(text);
					expect(got.filter((p) => p.last)).toHaveLength(1);
					for (const piece of got.slice(0, -1)) expect(piece.text.endsWith("\n")).toBe(true);
				},
			),
			{ numRuns: 300 },
		);
	});

	it("reads a line longer than a chunk whole", async () => {
		const long = `{"text":"${"é".repeat(5000)}"}`;
		const text = `{"a":1}\n${long}\n{"b":2}\n`;
		const got = await pieces(bytesOf(text), 64);
		expect(got.map((p) => p.text).join("")).toBe(text);
		expect(got.some((p) => p.text.includes(long))).toBe(true);
	});

	it("hands a torn last line on as the last piece", async () => {
		const got = await pieces(bytesOf('{"a":1}\n{"b":2}\n{"c":'), 5);
		expect(got.at(-1)).toEqual({ text: '{"c":', last: true });
		expect(got.map((p) => p.text).join("")).toBe('{"a":1}\n{"b":2}\n{"c":');
	});

	it("starts at a byte offset", async () => {
		const text = '{"a":"é"}\n{"b":2}\n';
		const from = new TextEncoder().encode('{"a":"é"}\n').length;
		expect((await pieces(bytesOf(text), 3, from)).map((p) => p.text).join("")).toBe('{"b":2}\n');
	});

	it("stops at the size it was opened with, and at what is left when the log was cut short meanwhile", async () => {
		const store = new MemoryStore({ "threads/t.jsonl": '{"a":1}\n{"b":2}\n' });
		const source = await openLogBytes(store, "threads/t.jsonl");
		if (!source) throw new Error("no log");
		await store.append("threads/t.jsonl", '{"c":3}\n');
		expect((await pieces(source, 4)).map((p) => p.text).join("")).toBe('{"a":1}\n{"b":2}\n');
		await store.write("threads/t.jsonl", '{"a":1}\n{"b"');
		expect((await pieces(source, 4)).map((p) => p.text).join("")).toBe('{"a":1}\n{"b"');
	});

	it("reads the same bytes from a store without ranged reads (read whole, once)", async () => {
		const text = `{"a":"é😀"}\n{"b":"€"}\n{"c":`;
		const inner = new MemoryStore({ "threads/t.jsonl": text });
		const ranged = await openLogBytes(inner, "threads/t.jsonl");
		const whole = await openLogBytes(wholeReadsOnly(inner), "threads/t.jsonl");
		if (!ranged || !whole) throw new Error("no log");
		expect(whole.size).toBe(ranged.size);
		expect(await whole.read(3, 17)).toEqual(await ranged.read(3, 17));
		expect((await pieces(whole, 3)).map((p) => p.text).join("")).toBe(text);
		expect(await openLogBytes(wholeReadsOnly(inner), "threads/none.jsonl")).toBeNull();
		expect(await openLogBytes(inner, "threads/none.jsonl")).toBeNull();
	});

	it("reads a store that gives whole values as bytes (Obsidian's readBinary) as bytes, never as a string", async () => {
		const text = `{"a":"é😀"}\n{"b":"€"}\n`;
		const inner = new MemoryStore({ "threads/t.jsonl": text });
		const asText: string[] = [];
		const store: Store = {
			...wholeReadsOnly(inner),
			read: (key) => {
				asText.push(key);
				return inner.read(key);
			},
			readBytes: async (key) => {
				const value = await inner.read(key);
				return value === null ? null : new TextEncoder().encode(value);
			},
		};
		const whole = await openLogBytes(store, "threads/t.jsonl");
		if (!whole) throw new Error("no log");
		expect((await pieces(whole, 5)).map((p) => p.text).join("")).toBe(text);
		expect(await openLogBytes(store, "threads/none.jsonl")).toBeNull();
		expect(asText).toEqual([]);
	});
});
