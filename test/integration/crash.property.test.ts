/**
 * The crash property (issue 13): a process killed at every event boundary of three scripted turns
 * (an edit, a batch of three calls, a question), each played three ways by the user (approving,
 * denying the first card, writing "never mind" instead). Every crash point is reopened as saved,
 * with a torn last line, and with the thread index never written; the user then goes on from
 * every crash point of the approving turns. The checks are in support/crash-harness.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { checkCrash, recordCrashPoints, SCENARIOS, useCrashServer } from "./support/crash-harness";
import type { CrashPoint, UserPlan } from "./support/crash-harness";

const PLANS: readonly UserPlan[] = ["approve", "deny first", "never mind"];

const server = useCrashServer();
const points: Array<{ plan: UserPlan; point: CrashPoint }> = [];

beforeAll(async () => {
	for (const scenario of SCENARIOS) {
		for (const plan of PLANS)
			for (const point of await recordCrashPoints(server(), scenario, plan)) points.push({ plan, point });
	}
}, 60_000);

describe("a process killed at any event boundary of a turn", () => {
	it("reopens a valid thread that lost nothing saved, reuses no seq, runs nothing by itself and agrees with the notes", async () => {
		let cases = 0;
		for (const { point } of points) {
			await checkCrash(server(), point);
			await checkCrash(server(), point, { tornTail: true });
			const { [THREAD_INDEX_KEY]: _index, ...withoutIndex } = point.store;
			await checkCrash(server(), { ...point, store: withoutIndex });
			cases += 3;
		}
		expect(cases).toBeGreaterThanOrEqual(500);
	}, 120_000);

	it("lets the user go on to the end of the turn from every crash point, and no stale approval runs", async () => {
		let cases = 0;
		for (const { plan, point } of points) {
			if (plan !== "approve") continue;
			await checkCrash(server(), point, { goOn: plan });
			cases++;
		}
		expect(cases).toBeGreaterThan(60);
	}, 120_000);
});
