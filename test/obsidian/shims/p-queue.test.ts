// main.js's stand-in for p-queue (build/stand-ins/p-queue.ts) runs LangChain's tasks in the
// order, and on the microtask turns, p-queue does: the two play the same scenarios side by side.
import fc from "fast-check";
/* eslint-disable import/no-extraneous-dependencies -- the real p-queue (a dependency of @langchain/core) is the reference */
import RealModule from "p-queue";
/* eslint-enable import/no-extraneous-dependencies -- end of the reference imports */
import { describe, expect, it } from "vitest";
import PQueue from "../../../build/stand-ins/p-queue";

interface Queue {
	add<T>(task: () => T | PromiseLike<T>, options?: { throwOnTimeout?: boolean }): Promise<T>;
	onIdle(): Promise<void>;
}
type MakeQueue = (options: { concurrency?: number; autoStart?: boolean }) => Queue;

// As LangChain reads it (`"default" in PQueueMod ? PQueueMod.default : PQueueMod`): p-queue is CommonJS.
const RealPQueue = ("default" in RealModule
	? (RealModule as unknown as { default: typeof RealModule }).default
	: RealModule) as unknown as new (options: object) => Queue;
const real: MakeQueue = (options) => new RealPQueue(options);
const standIn: MakeQueue = (options) => new PQueue(options);

interface Task {
	/** The microtask turn the task is added at. */
	at: number;
	/** Returns (or throws) at once, or after that many microtask turns. */
	outcome: "returns" | "throws" | "resolves" | "rejects";
	turns: number;
}

interface Scenario {
	concurrency: number | undefined;
	tasks: Task[];
	/** Turns at which onIdle() is asked. */
	idleAt: number[];
}

const TURNS = 60;

/** Everything that happened, turn by turn: tasks starting, callers seeing results, idle promises settling. */
async function play(make: MakeQueue, scenario: Scenario): Promise<string[]> {
	const log: string[] = [];
	const queue = make(
		scenario.concurrency === undefined ? { autoStart: true } : { concurrency: scenario.concurrency, autoStart: true },
	);
	const run = (task: Task, i: number) => () => {
		log.push(`start ${i}`);
		if (task.outcome === "returns") return i;
		if (task.outcome === "throws") throw new Error(`task ${i}`);
		return (async () => {
			for (let turn = 0; turn < task.turns; turn++) await Promise.resolve();
			if (task.outcome === "rejects") throw new Error(`task ${i}`);
			return i;
		})();
	};
	for (let turn = 0; turn < TURNS; turn++) {
		log.push(`turn ${turn}`);
		scenario.tasks.forEach((task, i) => {
			if (task.at !== turn) return;
			queue.add(run(task, i), { throwOnTimeout: true }).then(
				(value) => log.push(`result ${i}: ${value}`),
				(error: Error) => log.push(`failure ${i}: ${error.message}`),
			);
		});
		scenario.idleAt.forEach((at, j) => {
			if (at === turn) void queue.onIdle().then(() => log.push(`idle ${j}`));
		});
		await Promise.resolve();
	}
	return log;
}

const task: fc.Arbitrary<Task> = fc.record({
	at: fc.integer({ min: 0, max: 8 }),
	outcome: fc.constantFrom("returns", "throws", "resolves", "rejects"),
	turns: fc.integer({ min: 0, max: 4 }),
});
const scenario: fc.Arbitrary<Scenario> = fc.record({
	concurrency: fc.constantFrom(undefined, 1, 2, 3, Infinity),
	tasks: fc.array(task, { maxLength: 8 }),
	idleAt: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }),
});

describe("p-queue in main.js", () => {
	it("runs tasks, hands back their results and settles onIdle() on the same turns as p-queue", async () => {
		const queued: Scenario = {
			concurrency: 1,
			tasks: [
				{ at: 0, outcome: "resolves", turns: 2 },
				{ at: 0, outcome: "throws", turns: 0 },
				{ at: 1, outcome: "returns", turns: 0 },
			],
			idleAt: [0, 20],
		};
		const played = await play(standIn, queued);
		expect(played).toEqual(await play(real, queued));
		// One at a time: the second starts once the first settled (its two turns), the third as soon as the second threw.
		expect(played.slice(0, played.indexOf("turn 3"))).toEqual([
			"turn 0",
			"start 0",
			"turn 1",
			"turn 2",
			"start 1",
			"start 2",
		]);
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				expect(await play(standIn, generated)).toEqual(await play(real, generated));
			}),
			{ numRuns: 300 },
		);
	});

	it("refuses p-queue's concurrency below one with p-queue's words", () => {
		for (const concurrency of [0, -1, Number.NaN]) {
			expect(() => standIn({ concurrency })).toThrow(
				new TypeError(`Expected \`concurrency\` to be a number from 1 and up, got \`${concurrency}\` (number)`),
			);
			expect(() => real({ concurrency })).toThrow(
				`Expected \`concurrency\` to be a number from 1 and up, got \`${concurrency}\` (number)`,
			);
		}
	});

	it("says what is missing for the options LangChain does not use", async () => {
		expect(() => standIn({ timeout: 10 } as never)).toThrow(
			"new PQueue({ timeout }) is not included in Redline's bundle (p-queue's intervals, timeouts, priorities, pausing and events, which Redline does not use)",
		);
		expect(() => standIn({ autoStart: false })).toThrow("new PQueue({ autoStart: false }) is not included");
		await expect(standIn({}).add(() => 1, { priority: 1 } as never)).rejects.toThrow(
			"PQueue.add(task, { priority }) is not included",
		);
	});
});
