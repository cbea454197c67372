// The langsmith stand-in bundled into main.js behaves like the real package for everything
// @langchain/core uses while tracing is off, and refuses clearly to send anything.
import esbuild from "esbuild";
/* eslint-disable import/no-extraneous-dependencies -- the real langsmith (a dependency of @langchain/core) is the reference */
import * as real from "langsmith/run_trees";
import { getCurrentRunTree as realGetCurrentRunTree } from "langsmith/singletons/traceable";
import { traceable } from "langsmith/traceable";
/* eslint-enable import/no-extraneous-dependencies -- end of the reference imports */
import { describe, expect, it } from "vitest";
import { langsmith, standInsPlugin } from "../../../build/index.mjs";
import {
	Client,
	RunTree,
	convertToDottedOrderFormat,
	getCurrentRunTree,
	isRunTree,
	isTraceableFunction,
} from "../../../build/stand-ins/langsmith";
import { coreContextScenario } from "./fixtures/core-context";
import { fileURLToPath } from "../../../src/node/path";
import { runCommonJs } from "./support/load-bundled";

const RUN_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("the langsmith stand-in", () => {
	it("formats dotted run order exactly as langsmith does", () => {
		for (const [epoch, order] of [
			[Date.UTC(2025, 0, 2, 3, 4, 5, 678), 1],
			[0, 42],
			[1_700_000_000_123, 1234],
		] as const) {
			expect(convertToDottedOrderFormat(epoch, RUN_ID, order)).toEqual(
				real.convertToDottedOrderFormat(epoch, RUN_ID, order),
			);
		}
	});

	it("holds a run's configuration like langsmith's RunTree when tracing is off", () => {
		const config = {
			name: "<runnable_lambda>",
			tracingEnabled: false,
			metadata: { a: 1 },
			extra: { metadata: { b: 2 }, note: "x" },
		};
		const mine = new RunTree({ ...config });
		const theirs = new real.RunTree({ ...config });
		for (const key of [
			"name",
			"run_type",
			"tracingEnabled",
			"extra",
			"child_runs",
			"execution_order",
			"child_execution_order",
			"serialized",
			"inputs",
		] as const) {
			expect(mine[key], key).toEqual(theirs[key]);
		}
		expect(mine.trace_id).toBe(mine.id);
		expect(mine.dotted_order).toBe(convertToDottedOrderFormat(mine.start_time, mine.id, 1).dottedOrder);
		expect(isRunTree(mine)).toBe(true);
		expect(real.isRunTree(mine)).toBe(true);
		expect(isRunTree(theirs)).toBe(true);
		expect(isRunTree({ extra: {} })).toBe(false);
	});

	it("copies a run tree shallowly when given one, as context variables need", () => {
		const original = new RunTree({ name: "parent", tracingEnabled: false });
		original[Symbol.for("lc:context_variables")] = { speaker: "outer" };
		const copy = new RunTree(original);
		expect(copy).not.toBe(original);
		expect(copy.id).toBe(original.id);
		expect(copy.extra).toBe(original.extra);
		expect(copy[Symbol.for("lc:context_variables")]).toEqual({ speaker: "outer" });
	});

	it("links children with increasing execution order", () => {
		const parent = new RunTree({ name: "parent", tracingEnabled: false });
		const child = parent.createChild({ name: "child" });
		expect(parent.child_runs).toEqual([child]);
		expect(child.parent_run).toBe(parent);
		expect(child.trace_id).toBe(parent.trace_id);
		expect(child.execution_order).toBe(2);
		expect(child.dotted_order.startsWith(`${parent.dotted_order}.`)).toBe(true);
		expect(parent.child_execution_order).toBe(2);
	});

	it("reads the current run tree from the same global slot, and throws the same error when there is none", () => {
		expect(getCurrentRunTree(true)).toBe(realGetCurrentRunTree(true));
		const message = (fn: () => unknown): string => {
			try {
				fn();
				return "no error";
			} catch (error) {
				return (error as Error).message;
			}
		};
		if (realGetCurrentRunTree(true) === undefined)
			expect(message(() => getCurrentRunTree())).toBe(message(() => realGetCurrentRunTree()));
	});

	it("recognises functions wrapped by langsmith's traceable", () => {
		const plain = (): number => 1;
		expect(isTraceableFunction(traceable(plain))).toBe(true);
		expect(isTraceableFunction(plain)).toBe(false);
		expect(isTraceableFunction({ "langsmith:traceable": true })).toBe(false);
	});

	it("refuses to post runs with an error that says tracing is not included, and has nothing pending", async () => {
		const run = new RunTree({ name: "run", tracingEnabled: true });
		await expect(run.postRun()).rejects.toThrow(/LangSmith tracing is not included in Redline/);
		await expect(run.patchRun()).rejects.toThrow(/LangSmith tracing is not included in Redline/);
		const client = new Client({ apiKey: "unused" });
		await expect(client.createRun()).rejects.toThrow(/not included/);
		await expect(client.awaitPendingTraceBatches()).resolves.toBeUndefined();
	});

	it("lets @langchain/core nest runnables, pass context variables and stream events exactly as with langsmith", async () => {
		const expected = await coreContextScenario();
		expect(expected.seen).toEqual(["outer", "outer"]);

		// The same scenario bundled the way main.js is: langsmith resolved to the stand-in.
		const entry = fileURLToPath(new URL("fixtures/core-context.ts", import.meta.url));
		const built = await esbuild.build({
			entryPoints: [entry],
			bundle: true,
			format: "cjs",
			platform: "node",
			target: "es2022",
			write: false,
			logLevel: "silent",
			plugins: [standInsPlugin([langsmith])],
			metafile: true,
		});
		expect(Object.keys(built.metafile.inputs).some((file) => file.includes("node_modules/langsmith/"))).toBe(false);
		const module = { exports: {} as { coreContextScenario?: typeof coreContextScenario } };
		module.exports = runCommonJs(built.outputFiles[0].text, entry);
		expect(await module.exports.coreContextScenario!()).toEqual(expected);
	});
});
