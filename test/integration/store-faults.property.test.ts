/**
 * The store-fault property (issue 13): the three scripted turns played over a store that fails or
 * tears writes (thread logs, the note history, the thread index, anything) and is sometimes slow.
 * The user plays on through the save errors (Retry); then the process is killed at every event
 * boundary of that turn, and from the end of it the user goes on. Every case meets the crash
 * harness's checks (support/crash-harness.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FaultKind } from "../support/faulty-store";
import { checkCrash, recordCrashPoints, SCENARIOS, useCrashServer } from "./support/crash-harness";
import type { UserPlan } from "./support/crash-harness";

const server = useCrashServer();

const fault = fc.record({
	nth: fc.integer({ min: 1, max: 30 }),
	kind: fc.constantFrom<FaultKind>("fail", "tear"),
	prefix: fc.constantFrom("", "threads/t", "history/", "threads/index.json"),
});

const run = fc.record({
	scenario: fc.constantFrom(...SCENARIOS),
	plan: fc.constantFrom<UserPlan>("approve", "deny first", "never mind"),
	faults: fc.array(fault, { minLength: 1, maxLength: 3 }),
	slowMs: fc.constantFrom(0, 0, 0, 1, 4),
});

describe("a turn over a failing store, then killed at any event boundary", () => {
	it("reopens valid, loses nothing saved, reuses no seq, runs no stale approval and agrees with the notes", async () => {
		let cases = 0;
		await fc.assert(
			fc.asyncProperty(run, async ({ scenario, plan, faults, slowMs }) => {
				const points = await recordCrashPoints(server(), scenario, plan, (store) => {
					for (const f of faults) store.failNth(f.nth, f.kind, { prefix: f.prefix });
					store.slowWrites(slowMs);
				});
				for (const point of points) await checkCrash(server(), point);
				const last = points.at(-1);
				if (last) await checkCrash(server(), last, { goOn: plan });
				cases += points.length;
			}),
			{ numRuns: 24 },
		);
		expect(cases).toBeGreaterThanOrEqual(500);
	}, 180_000);
});
