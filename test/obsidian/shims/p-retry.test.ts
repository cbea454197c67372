// main.js's stand-in for LangChain's p-retry (build/stand-ins/p-retry.ts) makes Redline's one
// attempt as p-retry does with no retries: the same results and errors, on the same microtask turns.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import pRetry, { AbortError } from "../../../build/stand-ins/p-retry";

interface RetryModule {
	default: (input: (attemptNumber: number) => unknown, options: object) => Promise<unknown>;
	AbortError: new (message: string | Error) => Error;
}

/** The module the stand-in replaces (not in @langchain/core's exports, so by its file). */
async function real(): Promise<RetryModule> {
	// @ts-expect-error -- the file has no declarations (it is internal to @langchain/core)
	return (await import("../../../node_modules/@langchain/core/dist/utils/p-retry/index.js")) as RetryModule;
}

interface Scenario {
	outcome: "returns" | "resolves" | "throws" | "rejects" | "throws a string" | "aborts";
	turns: number;
	handler: "none" | "returns" | "waits" | "throws";
}

const TURNS = 30;

/** What the caller and the handler saw, turn by turn. */
async function play(module: RetryModule, scenario: Scenario): Promise<string[]> {
	const log: string[] = [];
	const input = (attemptNumber: number) => {
		log.push(`attempt ${attemptNumber}`);
		if (scenario.outcome === "returns") return "value";
		if (scenario.outcome === "throws") throw new Error("failed");
		if (scenario.outcome === "throws a string") throw "failed" as unknown as Error; // what p-retry turns into a TypeError
		if (scenario.outcome === "aborts") throw new module.AbortError("stop");
		return (async () => {
			for (let turn = 0; turn < scenario.turns; turn++) await Promise.resolve();
			if (scenario.outcome === "rejects") throw new Error("failed");
			return "value";
		})();
	};
	const onFailedAttempt = ({
		error,
		...numbers
	}: {
		error: Error;
		attemptNumber: number;
		retriesLeft: number;
		retriesConsumed: number;
	}) => {
		log.push(`handler ${error.name}: ${error.message} ${JSON.stringify(numbers)}`);
		if (scenario.handler === "throws") throw new Error("renamed");
		if (scenario.handler === "waits") return Promise.resolve();
		return undefined;
	};
	const options = { retries: 0, randomize: true, ...(scenario.handler === "none" ? {} : { onFailedAttempt }) };
	module.default(input, options).then(
		(value) => log.push(`result ${String(value)}`),
		(error: Error) => log.push(`failure ${error.constructor.name} ${error.name}: ${error.message}`),
	);
	for (let turn = 0; turn < TURNS; turn++) {
		log.push(`turn ${turn}`);
		await Promise.resolve();
	}
	return log;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
	outcome: fc.constantFrom("returns", "resolves", "throws", "rejects", "throws a string", "aborts"),
	turns: fc.integer({ min: 0, max: 4 }),
	handler: fc.constantFrom("none", "returns", "waits", "throws"),
});

describe("LangChain's p-retry in main.js", () => {
	it("makes the one attempt, hands its failure to the handler and throws as p-retry does, on the same turns", async () => {
		const original = await real();
		const standIn = { default: pRetry, AbortError } as unknown as RetryModule;
		const failing: Scenario = { outcome: "rejects", turns: 1, handler: "waits" };
		const played = await play(standIn, failing);
		expect(played).toEqual(await play(original, failing));
		expect(played).toContain('handler Error: failed {"attemptNumber":1,"retriesLeft":0,"retriesConsumed":0}');
		expect(played).toContain("failure Error Error: failed");
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				expect(await play(standIn, generated)).toEqual(await play(original, generated));
			}),
			{ numRuns: 200 },
		);
	});

	it("stands in for everything LangChain imports from it", async () => {
		expect(Object.keys(await real()).sort()).toEqual(["AbortError", "default"]);
	});

	it("refuses to retry, or to be given options LangChain's caller does not pass, with an error naming what is missing", async () => {
		await expect(pRetry(() => 1, { retries: 2 })).rejects.toThrow(
			"pRetry(input, { retries: 2 }) is not included in Redline's bundle (p-retry's retries, delays and signals, which Redline does not use)",
		);
		await expect(pRetry(() => 1)).rejects.toThrow("pRetry(input, { retries: undefined }) is not included");
		await expect(pRetry(() => 1, { retries: 0, signal: new AbortController().signal } as never)).rejects.toThrow(
			"pRetry(input, { signal }) is not included",
		);
	});
});
