/**
 * A stored snapshot's head (src/log/view-snapshot.ts): the fields the snapshot backfill checks
 * for every long thread at start, read from the first bytes of the file without parsing the
 * state, must be what encodeViewSnapshot wrote, and nothing else is taken for a head.
 */
import { describe, expect, it } from "vitest";
import { emptyState } from "../../src/log/projection";
import { encodeViewSnapshot, readViewSnapshotHead, VIEW_HEAD_BYTES } from "../../src/log/view-snapshot";

function stored(threadId: string, lastSeq: number): string {
	const state = { ...emptyState(threadId), lastSeq };
	return encodeViewSnapshot(threadId, state, { size: 90_000, lineAt: 89_000, checked: new Uint8Array([1, 2, 10]) });
}

describe("a stored snapshot's head", () => {
	it("gives the version, thread, seq and point that encodeViewSnapshot wrote, from the first VIEW_HEAD_BYTES", () => {
		const text = stored("t_abc", 4321);
		expect(readViewSnapshotHead(text.slice(0, VIEW_HEAD_BYTES))).toEqual({
			v: 2,
			threadId: "t_abc",
			seq: 4321,
			bytes: 90_000,
		});
	});

	it("reads a thread id with escapes as JSON does", () => {
		const id = 't"x\\y';
		expect(readViewSnapshotHead(stored(id, 7))?.threadId).toBe(id);
	});

	it("is null for anything that does not start as a snapshot does", () => {
		for (const text of [
			"",
			"{}",
			'{"v":1}',
			'{"threadId":"t","v":2,"seq":3,"bytes":4,',
			"not json",
			'{"v":2,"threadId":"t","seq":-1,"bytes":4,',
		])
			expect(readViewSnapshotHead(text), text).toBeNull();
	});
});
