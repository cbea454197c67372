/**
 * Stand-in for the `langsmith` package (and its subpaths) in main.js: about 240 KB that
 * @langchain/core pulls in only for LangSmith tracing, which Redline never turns on.
 *
 * What core imports, and why this is enough (checked against @langchain/core 1.4, langsmith 0.12):
 * - `RunTree` (singletons/async_local_storage): every streamed model call runs inside
 *   `new RunTree({ name: "<runnable_lambda>", tracingEnabled: false })`, a plain holder of the
 *   runnable config (`extra[Symbol.for("lc:child_config")]`) and of context variables that the
 *   callback manager reads back (`tracingEnabled`, `extra`). Constructing one here stores the
 *   config like the real class does (defaults, metadata folded into `extra.metadata`, ids, dotted
 *   order) but creates no client and sends nothing.
 * - `isRunTree`, `RunTree` copy (context variables): same duck-typing and shallow clone as real.
 * - `convertToDottedOrderFormat` (every BaseTracer, e.g. streamEvents): the same pure function.
 * - `getCurrentRunTree(true)`, `isTraceableFunction`: read the same global AsyncLocalStorage slot
 *   (`Symbol.for("ls:tracing_async_local_storage")`) and the same function marker as real.
 * - `Client` (LangChainTracer, awaitAllCallbacks): only reached when LANGSMITH_TRACING /
 *   LANGCHAIN_TRACING_V2 is set in the environment, which Obsidian does not do. If it ever is,
 *   posting a run throws a clear error, which the callback manager logs; the chat still works.
 */
const TRACING_ALS_KEY = Symbol.for("ls:tracing_async_local_storage");
const UNAVAILABLE = "LangSmith tracing is not included in Redline (unset LANGSMITH_TRACING / LANGCHAIN_TRACING_V2)";

type Fields = Record<string | symbol, unknown>;

function microsecondDatestring(epoch: number, executionOrder = 1): string {
	// Date has millisecond precision; the execution order breaks ties (as langsmith does).
	const paddedOrder = executionOrder.toFixed(0).slice(0, 3).padStart(3, "0");
	return `${new Date(epoch).toISOString().slice(0, -1)}${paddedOrder}Z`;
}

export function convertToDottedOrderFormat(
	epoch: number,
	runId: string,
	executionOrder = 1,
): { dottedOrder: string; microsecondPrecisionDatestring: string } {
	const microsecondPrecisionDatestring = microsecondDatestring(epoch, executionOrder);
	return { dottedOrder: microsecondPrecisionDatestring.replace(/[-:.]/g, "") + runId, microsecondPrecisionDatestring };
}

export function isRunTree(x: unknown): x is RunTree {
	const candidate = x as { createChild?: unknown; postRun?: unknown } | null | undefined;
	return candidate != null && typeof candidate.createChild === "function" && typeof candidate.postRun === "function";
}

/** A LangSmith client that cannot send anything: there is never anything pending. */
export class Client {
	readonly config: Fields;

	constructor(config: Fields = {}) {
		this.config = config;
	}

	createRun(): Promise<never> {
		return Promise.reject(new Error(UNAVAILABLE));
	}

	updateRun(): Promise<never> {
		return Promise.reject(new Error(UNAVAILABLE));
	}

	awaitPendingTraceBatches(): Promise<void> {
		return Promise.resolve();
	}
}

export class RunTree {
	[key: string | symbol]: unknown;
	id!: string;
	name!: string;
	run_type!: string;
	start_time!: number;
	end_time?: number;
	extra!: Fields;
	child_runs!: RunTree[];
	parent_run?: RunTree;
	trace_id!: string;
	dotted_order!: string;
	execution_order!: number;
	child_execution_order!: number;
	tracingEnabled?: boolean;
	outputs?: unknown;
	error?: unknown;
	events?: Fields[];

	constructor(config: Fields) {
		// Passed a run tree: a shallow clone, as the real constructor does.
		if (isRunTree(config)) {
			Object.assign(this, { ...config });
			return;
		}
		const { metadata, ...rest } = config;
		const extra = (rest.extra ?? {}) as Fields;
		rest.extra = {
			...extra,
			metadata: { ...(metadata as Fields | undefined), ...(extra.metadata as Fields | undefined) },
		};
		if ("id" in rest && rest.id == null) delete rest.id;
		Object.assign(
			this,
			{ run_type: "chain", child_runs: [], start_time: Date.now(), serialized: {}, inputs: {} },
			rest,
		);
		this.execution_order ??= 1;
		this.child_execution_order ??= 1;
		this.id ||= crypto.randomUUID();
		this.trace_id ||= this.parent_run?.trace_id ?? this.id;
		if (!this.dotted_order) {
			const { dottedOrder } = convertToDottedOrderFormat(this.start_time, this.id, this.execution_order);
			this.dotted_order = this.parent_run ? `${this.parent_run.dotted_order}.${dottedOrder}` : dottedOrder;
		}
	}

	get metadata(): Fields | undefined {
		return this.extra?.metadata as Fields | undefined;
	}

	set metadata(metadata: Fields) {
		this.extra = { ...this.extra, metadata: { ...(this.extra?.metadata as Fields | undefined), ...metadata } };
	}

	createChild(config: Fields): RunTree {
		const order = this.child_execution_order + 1;
		const child = new RunTree({
			...config,
			parent_run: this,
			tracingEnabled: this.tracingEnabled,
			execution_order: order,
			child_execution_order: order,
		});
		this.child_runs.push(child);
		// The new order propagates up to the root, as in langsmith.
		for (let run = child.parent_run; run; run = run.parent_run)
			run.child_execution_order = Math.max(run.child_execution_order, order);
		return child;
	}

	end(outputs?: unknown, error?: unknown, endTime = Date.now(), metadata?: Fields): Promise<void> {
		this.outputs ??= outputs;
		this.error ??= error;
		this.end_time ??= endTime;
		if (metadata && Object.keys(metadata).length > 0) this.metadata = metadata;
		return Promise.resolve();
	}

	addEvent(event: string | Fields): void {
		this.events ??= [];
		const time = new Date().toISOString();
		this.events.push(
			typeof event === "string" ? { name: "event", time, message: event } : { ...event, time: event.time ?? time },
		);
	}

	postRun(): Promise<never> {
		return Promise.reject(new Error(UNAVAILABLE));
	}

	patchRun(): Promise<never> {
		return Promise.reject(new Error(UNAVAILABLE));
	}
}

/** The run tree in the shared AsyncLocalStorage slot (set up by @langchain/core), if any. */
export function getCurrentRunTree(permitAbsentRunTree = false): unknown {
	// globalThis, not window (the lint warns): @langchain/core keeps the store there, and in Node too.
	const storage = (globalThis as Fields)[TRACING_ALS_KEY] as { getStore(): unknown } | undefined;
	const runTree = storage?.getStore();
	if (!permitAbsentRunTree && runTree === undefined) {
		throw new Error(
			"Could not get the current run tree.\n\nPlease make sure you are calling this method within a traceable function and that tracing is enabled.",
		);
	}
	return runTree;
}

export function isTraceableFunction(x: unknown): boolean {
	return typeof x === "function" && "langsmith:traceable" in x;
}
