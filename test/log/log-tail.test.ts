/**
 * The end of a stored log as the log keeps it while it writes (issue 32, part 3): a snapshot taken
 * now records the log's length in bytes, where its last line starts and a hash of the bytes before,
 * so the tail kept in memory must give exactly what the whole log gives, however it was appended.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStart, LOG_CHECK_BYTES, LogTail } from "../../src/log/log-tail";

const encode = (text: string) => new TextEncoder().encode(text);

/** The point the whole log gives. */
function pointOf(bytes: Uint8Array) {
	const newline = bytes.lastIndexOf(10, bytes.length - 2);
	const lineAt = newline + 1;
	return { size: bytes.length, lineAt, checked: bytes.slice(checkStart(lineAt, bytes.length)) };
}

describe("the tail a log keeps for its snapshots", () => {
	it("gives, after any appends of lines, the point the whole log gives", () => {
		fc.assert(
			fc.property(
				fc.array(fc.array(fc.string({ unit: "grapheme", maxLength: 900 }), { minLength: 1, maxLength: 4 }), {
					minLength: 1,
					maxLength: 25,
				}),
				(writes) => {
					const tail = new LogTail();
					let whole = "";
					for (const lines of writes) {
						const text = lines.map((line) => `${line.replaceAll("\n", " ")}\n`).join("");
						tail.append(encode(text));
						whole += text;
						expect(tail.point()).toEqual(pointOf(encode(whole)));
					}
				},
			),
			{ numRuns: 200 },
		);
	});

	it("covers the whole last line when it is longer than the check's KB", () => {
		const long = `${"é".repeat(LOG_CHECK_BYTES)}\n`;
		const tail = new LogTail(encode("a\n"));
		tail.append(encode(long));
		const point = tail.point();
		expect(point?.lineAt).toBe(2);
		expect(point?.checked).toEqual(encode(long));
	});

	it("gives no point for a log that ends mid-line, after a failed write, or whose last line it does not hold", () => {
		const torn = new LogTail(encode("a\nb"));
		expect(torn.point()).toBeNull();
		const failed = new LogTail(encode("a\n"));
		failed.lose();
		failed.append(encode("b\n"));
		expect(failed.point()).toBeNull();
		// Read from byte 10 of a log whose last line started before it: the line's start is not held.
		const partial = new LogTail(encode(`${"x".repeat(5000)}\n`), 10);
		expect(partial.point()).toBeNull();
		// The next line starts inside what it holds, with the check's KB before it.
		partial.append(encode("next\n"));
		const whole = encode(`${"y".repeat(10)}${"x".repeat(5000)}\nnext\n`);
		expect(partial.point()).toEqual(pointOf(whole));
	});
});
