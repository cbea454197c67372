/**
 * A line diff fast on the history's usual case: a large note with a few changed lines. Common
 * ends are trimmed, then Myers' O(ND) runs on the middle with plain string compares (the `diff`
 * package's diffArrays costs ~25 ms on a 1 MB note even for a one-line change, too slow for a
 * revert that merges ten times). Past MAX_D differing lines (a rewrite, not an edit) the whole
 * middle counts as one changed region: still a correct diff, bounded in time and memory
 * (the trace holds about MAX_D² integers), only not minimal.
 */

/** A changed region: a[aStart, aEnd) became b[bStart, bEnd). */
export interface Region {
	aStart: number;
	aEnd: number;
	bStart: number;
	bEnd: number;
}

const MAX_D = 2000;

export function diffLines(a: readonly string[], b: readonly string[]): Region[] {
	let pre = 0;
	while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
	let suf = 0;
	while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
	const n = a.length - pre - suf;
	const m = b.length - pre - suf;
	if (n === 0 && m === 0) return [];
	if (n === 0 || m === 0) return [{ aStart: pre, aEnd: pre + n, bStart: pre, bEnd: pre + m }];
	const moves = myers(a, b, pre, n, m);
	return moves ? toRegions(moves, pre) : [{ aStart: pre, aEnd: pre + n, bStart: pre, bEnd: pre + m }];
}

/** Per line of the middle, in order: 0 = kept, 1 = removed from a, 2 = added from b. */
type Move = 0 | 1 | 2;

function myers(a: readonly string[], b: readonly string[], pre: number, n: number, m: number): Move[] | null {
	const max = Math.min(n + m, MAX_D);
	const off = max + 1;
	const v = new Int32Array(2 * max + 3);
	const trace: Int32Array[] = [];
	for (let d = 0; d <= max; d++) {
		// The state before step d, for diagonals -d-1..d+1 (all that step d reads).
		trace.push(v.slice(off - d - 1, off + d + 2));
		for (let k = -d; k <= d; k += 2) {
			let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
			let y = x - k;
			while (x < n && y < m && a[pre + x] === b[pre + y]) {
				x++;
				y++;
			}
			v[off + k] = x;
			if (x >= n && y >= m) return backtrack(trace, n, m);
		}
	}
	return null;
}

function backtrack(trace: Int32Array[], n: number, m: number): Move[] {
	const moves: Move[] = [];
	let x = n;
	let y = m;
	for (let d = trace.length - 1; d >= 0; d--) {
		const v = trace[d];
		const at = (k: number) => v[k + d + 1];
		const k = x - y;
		const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
		const prevX = d === 0 ? 0 : at(prevK);
		const prevY = d === 0 ? 0 : prevX - prevK;
		while (x > prevX && y > prevY) {
			moves.push(0);
			x--;
			y--;
		}
		if (d > 0) moves.push(x === prevX ? 2 : 1);
		x = prevX;
		y = prevY;
	}
	return moves.reverse();
}

function toRegions(moves: Move[], pre: number): Region[] {
	const regions: Region[] = [];
	let x = pre;
	let y = pre;
	let current: Region | null = null;
	for (const move of moves) {
		if (move === 0) {
			if (current) regions.push(current);
			current = null;
			x++;
			y++;
			continue;
		}
		current ??= { aStart: x, aEnd: x, bStart: y, bEnd: y };
		if (move === 1) current.aEnd = ++x;
		else current.bEnd = ++y;
	}
	if (current) regions.push(current);
	return regions;
}
