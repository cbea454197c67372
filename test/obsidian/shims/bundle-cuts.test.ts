// The cuts that keep main.js small (build/): the stand-ins answer what Redline's calls ask
// exactly as the modules they replace do and name what is missing otherwise, and a cut that no
// longer fits its package fails the build instead of changing main.js quietly.
import esbuild from "esbuild";
import fc from "fast-check";
/* eslint-disable import/no-extraneous-dependencies -- the real modules (dependencies of @langchain/core) are the reference */
import { deepCompareStrict as realDeepCompareStrict } from "@cfworker/json-schema";
/* eslint-enable import/no-extraneous-dependencies -- end of the reference imports */
import { AIMessage } from "@langchain/core/messages";
import RealOpenAI from "openai";
import { LogStreamCallbackHandler } from "@langchain/core/tracers/log_stream";
import { ConsoleCallbackHandler as RealConsoleCallbackHandler } from "@langchain/core/tracers/console";
import { LangChainTracer as RealLangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import { describe, expect, it, vi } from "vitest";
import {
	budgetPlugin,
	forbiddenInputsPlugin,
	legalNotice,
	legalNoticePlugin,
	methodStandIns,
	packageEditsPlugin,
	standInMethods,
	standInsPlugin,
} from "../../../build/index.mjs";
import { buildOptions, bundlePlugins } from "../../../esbuild.config.mjs";
import { deepCompareStrict } from "../../../build/stand-ins/json-schema-validator";
import { encodingForModel } from "../../../build/stand-ins/langchain-tiktoken";
import { isLogStreamHandler, isStreamEventsHandler } from "../../../build/stand-ins/langchain-tracer-streams";
import { LangChainTracer, isBaseTracer } from "../../../build/stand-ins/langchain-tracers";
import { unreachable } from "../../../build/stand-ins/unreachable";
import type * as Fixture from "./fixtures/openai-client";
import { mkdtemp, writeFile } from "../../../src/node/fs";
import { createServer, type IncomingHeaders } from "../../../src/node/http";
import { bundleForTest, runCommonJs } from "./support/load-bundled";
import { tmpdir } from "../../../src/node/os";
import * as path from "../../../src/node/path";

const root = path.fileURLToPath(new URL("../../..", import.meta.url));

async function entry(source: string): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), "redline-cuts-"));
	const file = path.join(dir, "entry.mjs");
	await writeFile(file, source);
	return file;
}

function build(entryPoint: string, plugins: esbuild.Plugin[]) {
	return bundleForTest({
		entryPoints: [entryPoint],
		nodePaths: [path.join(root, "node_modules")],
		plugins,
		logOverride: { "import-is-undefined": "error" },
	});
}

describe("an unreachable export", () => {
	const Missing = unreachable("Graph", "LangChain's Runnable.getGraph()");

	it("loads like the original: it can be extended and tested with instanceof", () => {
		class Drawn extends (Missing as unknown as new () => object) {}
		expect(typeof Drawn).toBe("function");
		expect({} instanceof (Missing as unknown as new () => object)).toBe(false);
	});

	it("names what is missing when it is used", () => {
		expect(() => (Missing as unknown as () => void)()).toThrow(
			"Graph() is not included in Redline's bundle (LangChain's Runnable.getGraph(), which Redline does not use)",
		);
		expect(() => new (Missing as unknown as new () => object)()).toThrow("new Graph() is not included");
		expect(() => (Missing as unknown as { draw: unknown }).draw).toThrow("Graph.draw is not included");
	});
});

describe("the stand-ins keep what Redline's calls run", () => {
	const json = fc.jsonValue({ maxDepth: 3 });

	it("compares streamed values as @cfworker/json-schema does", () => {
		fc.assert(
			fc.property(json, json, (a, b) => {
				expect(deepCompareStrict(a, b)).toBe(realDeepCompareStrict(a, b));
				expect(deepCompareStrict(a, structuredClone(a))).toBe(true);
			}),
		);
		expect(deepCompareStrict({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
		expect(deepCompareStrict({ a: undefined }, { b: undefined })).toBe(
			realDeepCompareStrict({ a: undefined }, { b: undefined }),
		);
	});

	it("recognises LangChain's stream handlers and tracers as LangChain does", () => {
		const logStream = new LogStreamCallbackHandler();
		expect(isLogStreamHandler(logStream)).toBe(true);
		expect(isStreamEventsHandler(logStream)).toBe(false);
		expect(isStreamEventsHandler({ name: "event_stream_tracer" })).toBe(true);
		expect(isBaseTracer(logStream)).toBe(true);
		expect(isBaseTracer(new RealConsoleCallbackHandler())).toBe(true);
		expect(isBaseTracer({})).toBe(false);
		for (const candidate of [
			new RealLangChainTracer(),
			{ name: "langchain_tracer" },
			logStream,
			null,
			"langchain_tracer",
		]) {
			expect(candidate instanceof LangChainTracer).toBe(candidate instanceof RealLangChainTracer);
		}
		expect(new RealLangChainTracer() instanceof LangChainTracer).toBe(true);
	});

	it("finds no run tree outside a traced call, as LangChain's tracer does", () => {
		expect(LangChainTracer.getTraceableRunTree()).toBe(RealLangChainTracer.getTraceableRunTree());
	});

	it("makes an inert tracer with a warning when the environment asks for LangSmith tracing", () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
		const tracer = new LangChainTracer();
		expect(tracer.name).toBe("langchain_tracer");
		expect(tracer instanceof LangChainTracer).toBe(false);
		expect(warn.mock.calls[0]?.[0]).toMatch(/LangSmith tracing is not included in Redline's bundle/);
		warn.mockRestore();
	});

	it("downloads no tokenizer: LangChain falls back to its approximate count", async () => {
		await expect(encodingForModel("gpt-4.1")).rejects.toThrow("Redline does not download it");
	});
});

describe("LangChain's messages with the cuts", () => {
	it("read an OpenAI reply's content blocks as LangChain does, and leave a shared registry alone", async () => {
		const file = await entry('import { AIMessage } from "@langchain/core/messages"; module.exports = { AIMessage };');
		// As main.js is built (LangSmith and async_hooks stood in too), from this entry.
		const built = await esbuild.build({
			...buildOptions({ production: false }),
			entryPoints: [file],
			outfile: undefined,
			write: false,
			sourcemap: false,
			logLevel: "silent",
			nodePaths: [path.join(root, "node_modules")],
		});
		const module = { exports: {} as { AIMessage: typeof AIMessage } };
		const shared = globalThis as { lc_block_translators_registry?: unknown };
		const registry = shared.lc_block_translators_registry;
		const fields = {
			content: [
				{ type: "text", text: "Hi" },
				{ type: "text", text: " there" },
			],
			tool_calls: [{ id: "c1", name: "readNote", args: { path: "A.md" } }],
			response_metadata: { model_provider: "openai" },
		};
		let blocks: unknown;
		// As in an Obsidian where no other plugin's LangChain has set the shared registry.
		delete shared.lc_block_translators_registry;
		try {
			module.exports = runCommonJs(built.outputFiles[0].text, import.meta.url);
			blocks = new module.exports.AIMessage(fields).contentBlocks;
			expect(new module.exports.AIMessage({ content: "Hi" }).text).toBe("Hi");
			expect(shared.lc_block_translators_registry).toBeUndefined();
		} finally {
			shared.lc_block_translators_registry = registry;
		}
		expect(blocks).toEqual(new AIMessage(fields).contentBlocks);
	});
});

describe("LangChain's JSON schemas with the cuts", () => {
	it("pass a tool's plain JSON schema through untouched, and name the converter a zod schema would need", async () => {
		const file = await entry(
			'import { toJsonSchema } from "@langchain/core/utils/json_schema"; import * as z from "zod/mini"; module.exports = { toJsonSchema, zodSchema: z.object({ word: z.string() }) };',
		);
		const built = await esbuild.build({
			...buildOptions({ production: false }),
			entryPoints: [file],
			outfile: undefined,
			write: false,
			sourcemap: false,
			logLevel: "silent",
			metafile: true,
			nodePaths: [path.join(root, "node_modules")],
		});
		// The stand-in replaced zod's converter, and only that: zod's schemas are still real.
		const inputs = Object.values(built.metafile.outputs).flatMap((output) =>
			Object.entries(output.inputs)
				.filter(([, input]) => input.bytesInOutput > 0)
				.map(([input]) => input),
		);
		expect(inputs.some((input) => input.endsWith("zod/v4/core/json-schema-processors.js"))).toBe(false);
		expect(inputs.some((input) => input.endsWith("build/stand-ins/zod-json-schema.ts"))).toBe(true);
		expect(inputs.some((input) => input.endsWith("zod/v4/core/schemas.js"))).toBe(true);
		const module = { exports: {} as { toJsonSchema(schema: unknown): unknown; zodSchema: unknown } };
		module.exports = runCommonJs(built.outputFiles[0].text, import.meta.url);
		const schema = { type: "object", properties: { word: { type: "string" } }, required: ["word"] };
		expect(module.exports.toJsonSchema(schema)).toBe(schema);
		expect(() => module.exports.toJsonSchema(module.exports.zodSchema)).toThrow(
			"toJSONSchema() is not included in Redline's bundle (zod's JSON-schema converter, for LangChain tools and structured output written in zod, which Redline does not use)",
		);
	}, 60_000);
});

describe("LangChain's chat models with the cuts", () => {
	it("refuse withStructuredOutput with an error naming what is missing, and still bind tools", async () => {
		const file = await entry(
			'import { ChatOpenAICompletions } from "@langchain/openai"; module.exports = { ChatOpenAICompletions };',
		);
		const built = await esbuild.build({
			...buildOptions({ production: false }),
			entryPoints: [file],
			outfile: undefined,
			write: false,
			sourcemap: false,
			logLevel: "silent",
			nodePaths: [path.join(root, "node_modules")],
		});
		const module = {
			exports: {} as {
				ChatOpenAICompletions: new (fields: Record<string, unknown>) => {
					withStructuredOutput(schema: unknown): unknown;
					bindTools(tools: unknown[]): unknown;
				};
			},
		};
		module.exports = runCommonJs(built.outputFiles[0].text, import.meta.url);
		const model = new module.exports.ChatOpenAICompletions({
			model: "gpt-4o-mini",
			apiKey: "test",
			configuration: { baseURL: "http://127.0.0.1:9/v1", dangerouslyAllowBrowser: true },
		});
		const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
		expect(() => model.withStructuredOutput(schema)).toThrow(
			"BaseChatOpenAI.withStructuredOutput() is not included in Redline's bundle",
		);
		const bound = model.bindTools([
			{ type: "function", function: { name: "readNote", description: "Reads a note", parameters: schema } },
		]) as { withRetry(): unknown; stream: unknown; config: { tools: unknown[] } };
		expect(bound.config.tools).toEqual([
			{ type: "function", function: { name: "readNote", description: "Reads a note", parameters: schema } },
		]);
		expect(typeof bound.stream).toBe("function");
		// The methods stood in are still there, and say what is missing when called.
		const runnable = model as unknown as {
			pipe(next: unknown): unknown;
			streamEvents(input: unknown, options: unknown): unknown;
			_streamEventsV2(input: unknown, options: unknown): AsyncGenerator;
		};
		expect(typeof runnable.pipe).toBe("function");
		expect(() => runnable.pipe(model)).toThrow("Runnable.pipe() is not included in Redline's bundle");
		expect(() => bound.withRetry()).toThrow("RunnableBinding.withRetry() is not included in Redline's bundle");
		expect(() => runnable.streamEvents("Hi", { version: "v2" })).toThrow(
			"BaseChatModel.streamEvents() is not included in Redline's bundle",
		);
		// Only streamEvents runs the event stream generators, so they are left out too.
		await expect(runnable._streamEventsV2("Hi", {}).next()).rejects.toThrow(
			"Runnable._streamEventsV2() is not included in Redline's bundle",
		);
	}, 60_000);
});

describe("the OpenAI client with the cuts", () => {
	it("refuses workload identities and withOptions clearly, and still builds a plain client", async () => {
		const built = await build(
			path.fileURLToPath(new URL("fixtures/openai-client.ts", import.meta.url)),
			bundlePlugins({ production: false }),
		);
		const module = { exports: {} as typeof Fixture };
		module.exports = runCommonJs(built.outputFiles[0].text, import.meta.url);
		const client = module.exports.client("http://127.0.0.1:9/v1");
		expect(client.chat.completions).toBeDefined();
		expect(() => client.withOptions({ timeout: 1 })).toThrow(
			"OpenAI.withOptions() is not included in Redline's bundle",
		);
		const OpenAI = client.constructor as new (options: Record<string, unknown>) => unknown;
		expect(
			() => new OpenAI({ apiKey: null, workloadIdentity: { type: "x509" }, dangerouslyAllowBrowser: true }),
		).toThrow("workloadIdentity is not included in Redline's bundle");
		expect(() => new OpenAI({ credential: {}, dangerouslyAllowBrowser: true })).toThrow(
			"The credential option is not included",
		);
		// No table of OpenAI's regional endpoints: the option is refused by name (openaiNoDataResidency).
		expect(() => new OpenAI({ apiKey: "k", dataResidency: "eu", dangerouslyAllowBrowser: true })).toThrow(
			"dataResidency is not included in Redline's bundle",
		);
		expect(new OpenAI({ apiKey: "k", dataResidency: null, dangerouslyAllowBrowser: true })).toBeDefined();

		// Its logger writes nothing, even at debug level: no key can reach a log (openaiQuietLogs).
		const lines: unknown[][] = [];
		const record = (...args: unknown[]) => void lines.push(args);
		const logger = { error: record, warn: record, info: record, debug: record };
		const logging = module.exports.client("http://127.0.0.1:9/v1", { logger, logLevel: "debug", maxRetries: 0 });
		await expect(logging.chat.completions.create({ model: "m", messages: [] })).rejects.toThrow();
		expect(lines).toEqual([]);

		// Its requests say nothing about the machine: the platform headers are there, "unknown" (openaiNoPlatformProbe).
		let seen: IncomingHeaders | undefined;
		const server = createServer((req, res) => {
			seen = req.headers;
			res.writeHead(500);
			res.end();
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		try {
			const port = (server.address() as { port: number }).port;
			const asking = module.exports.client(`http://127.0.0.1:${port}/v1`, { maxRetries: 0 });
			await expect(asking.chat.completions.create({ model: "m", messages: [] })).rejects.toThrow();
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
		expect(seen?.["x-stainless-lang"]).toBe("js");
		expect([seen?.["x-stainless-os"], seen?.["x-stainless-arch"], seen?.["x-stainless-runtime"]]).toEqual([
			"Unknown",
			"unknown",
			"unknown",
		]);
		expect(seen?.["x-stainless-runtime-version"]).toBe("unknown");
	}, 60_000);

	it("reads no workload identity on the request path as main.js minifies it, and refuses an X.509 transport as the real client does", async () => {
		const built = await esbuild.build({
			...buildOptions({ production: true }),
			entryPoints: [path.fileURLToPath(new URL("fixtures/openai-client.ts", import.meta.url))],
			outfile: undefined,
			write: false,
			logLevel: "silent",
		});
		const code = built.outputFiles[0].text;
		// openaiNoWorkloadIdentity: the identity's token, its refresh on a 401, the X.509 checks and origin are gone.
		expect(code.match(/_workloadIdentityAuth(?!=)/g) ?? []).toEqual([]);
		for (const left of ["shouldAuthenticate", "overridden fetch dispatch hooks", "mtls.api.openai.com"])
			expect(code, left).not.toContain(left);
		const module = { exports: {} as typeof Fixture };
		module.exports = runCommonJs(code, import.meta.url);
		const Bundled = module.exports.client("http://127.0.0.1:9/v1").constructor as new (
			options: Record<string, unknown>,
		) => unknown;
		const options = { apiKey: "k", x509Transport: {}, dangerouslyAllowBrowser: true };
		expect(() => new RealOpenAI(options as ConstructorParameters<typeof RealOpenAI>[0])).toThrow(
			"An X.509 transport requires an X.509 workload identity.",
		);
		expect(() => new Bundled(options)).toThrow("An X.509 transport requires an X.509 workload identity.");
		expect(
			() => new Bundled({ apiKey: null, workloadIdentity: { type: "x509" }, dangerouslyAllowBrowser: true }),
		).toThrow("workloadIdentity is not included in Redline's bundle");
	}, 60_000);
});

describe("a method stood in", () => {
	const source = [
		"var Kept = class extends Base {",
		"\tpipe(next) {",
		"\t\treturn next;",
		"\t}",
		"};",
		"var Cut = class Cut extends Kept {",
		"\tstatic from(x) {",
		"\t\treturn new Cut(x);",
		"\t}",
		"\tasync *stream(input, { signal } = {}) {",
		"\t\tif (signal) {",
		"\t\t\tyield input;",
		"\t\t}",
		"\t}",
		"\tpipe(next) {",
		"\t\treturn { next };",
		"\t}",
		"};",
	].join("\n");

	it("keeps its signature and throws naming itself, and leaves the rest of the file as it was", () => {
		const result = standInMethods(source, { file: "x.js", class: "Cut", methods: ["stream", "pipe"], why: "a test" });
		expect(result.text).toBe(
			[
				"var Kept = class extends Base {",
				"\tpipe(next) {",
				"\t\treturn next;",
				"\t}",
				"};",
				"var Cut = class Cut extends Kept {",
				"\tstatic from(x) {",
				"\t\treturn new Cut(x);",
				"\t}",
				"\tasync *stream(input, { signal } = {}) {",
				'\t\tthrow new Error("Cut.stream() is not included in Redline\'s bundle");',
				"\t}",
				"\tpipe(next) {",
				'\t\tthrow new Error("Cut.pipe() is not included in Redline\'s bundle");',
				"\t}",
				"};",
			].join("\n"),
		);
	});

	it("is looked for in its class as it is once the methods before it were stood in", () => {
		// Standing in a long method shortens its class: the next method is not looked for past the class's end.
		const later = [
			"var First = class {",
			"\tlong() {",
			"\t\tone();",
			"\t\ttwo();",
			"\t\tthree();",
			"\t\tfour();",
			"\t\tfive();",
			"\t\tsix();",
			"\t}",
			"\tshort() {",
			"\t\treturn 1;",
			"\t}",
			"};",
			"var Second = class {",
			"\tonly() {",
			"\t\treturn 2;",
			"\t}",
			"};",
		].join("\n");
		expect(
			standInMethods(later, { file: "x.js", class: "First", methods: ["long", "only"], why: "a test" }).error,
		).toBe("expected method First.only once in x.js, found it 0 times");
	});

	it("is found in a class written as the openai package writes its classes", () => {
		const openaiStyle = [
			"export class Client {",
			"    constructor(options = {}) {",
			"        this.options = options;",
			"    }",
			"    withOptions(options) {",
			"        return new Client({ ...this.options, ...options });",
			"    }",
			"    static from(stream, controller) {",
			"        return stream;",
			"    }",
			"}",
			"function after() {",
			"    return 1;",
			"}",
		].join("\n");
		expect(
			standInMethods(openaiStyle, { file: "x.mjs", class: "Client", methods: ["withOptions", "from"], why: "a test" })
				.text,
		).toBe(
			[
				"export class Client {",
				"    constructor(options = {}) {",
				"        this.options = options;",
				"    }",
				"    withOptions(options) {",
				'        throw new Error("Client.withOptions() is not included in Redline\'s bundle");',
				"    }",
				"    static from(stream, controller) {",
				'        throw new Error("Client.from() is not included in Redline\'s bundle");',
				"    }",
				"}",
				"function after() {",
				"    return 1;",
				"}",
			].join("\n"),
		);
		// The class ends at its closing brace: a function after it is not one of its methods.
		expect(
			standInMethods(openaiStyle, { file: "x.mjs", class: "Client", methods: ["after"], why: "a test" }).error,
		).toBe("expected method Client.after once in x.mjs, found it 0 times");
	});

	it("is looked for in its own class only", () => {
		expect(standInMethods(source, { file: "x.js", class: "Kept", methods: ["stream"], why: "a test" }).error).toBe(
			"expected method Kept.stream once in x.js, found it 0 times",
		);
		expect(standInMethods(source, { file: "x.js", class: "Other", methods: ["pipe"], why: "a test" }).error).toBe(
			"expected class Other once in x.js, found it 0 times",
		);
	});

	it("in main.js is one its package has, in the class named", async () => {
		const { Runnable, RunnableBinding } = await import("@langchain/core/runnables");
		const { OpenAI } = await import("openai");
		const { Stream } = await import("openai/core/streaming");
		const { default: MiniSearch } = await import("minisearch");
		const { BaseChatModel } = await import("@langchain/core/language_models/chat_models");
		const { ChatOpenAICompletions } = await import("@langchain/openai");
		const { CallbackManager } = await import("@langchain/core/callbacks/manager");
		const { Completions } = await import("openai/resources/chat/completions/completions");
		// minisearch keeps its radix tree's class to itself: the one an index is made with.
		const { _index: tree } = new MiniSearch({ fields: ["text"] }) as unknown as { _index: object };
		const SearchableMap = tree.constructor as { prototype: object };
		const classes: Record<string, { prototype: object }> = {
			Runnable,
			RunnableBinding,
			BaseChatModel,
			CallbackManager,
			BaseChatOpenAI: Object.getPrototypeOf(ChatOpenAICompletions) as { prototype: object },
			ChatOpenAICompletions,
			OpenAI,
			Completions,
			Stream,
			MiniSearch,
			SearchableMap,
		};
		for (const rule of methodStandIns) {
			const cls = classes[rule.class];
			expect(cls, rule.class).toBeDefined();
			// A static method is the class's own, the others its prototype's.
			for (const method of rule.methods)
				expect(
					[...Object.getOwnPropertyNames(cls.prototype), ...Object.getOwnPropertyNames(cls)],
					`${rule.class}.${method}`,
				).toContain(method);
		}
	});
});

describe("main.js's strict mode", () => {
	it("covers a lazily initialised module, with one directive for the whole file", async () => {
		// A TypeScript module required on first use, as src/obsidian/lazy.ts requires the core.
		const dir = await mkdtemp(path.join(tmpdir(), "redline-strict-"));
		await writeFile(
			path.join(dir, "lazy.ts"),
			"export function thisOfAPlainCall(): unknown {\n\treturn (function (this: unknown) {\n\t\treturn this;\n\t})();\n}\n",
		);
		await writeFile(
			path.join(dir, "entry.ts"),
			'declare const require: (id: string) => unknown;\nexport function lazyThis(): unknown {\n\treturn (require("./lazy") as { thisOfAPlainCall(): unknown }).thisOfAPlainCall();\n}\n',
		);
		const built = await esbuild.build({
			...buildOptions({ production: true }),
			entryPoints: [path.join(dir, "entry.ts")],
			outfile: undefined,
			write: false,
			logLevel: "silent",
		});
		const code = built.outputFiles[0].text;
		expect(code.split('"use strict"').length - 1).toBe(1);
		const module = { exports: {} as { lazyThis(): unknown } };
		// As Obsidian runs main.js: the body of a function.
		module.exports = runCommonJs(code, import.meta.url);
		expect(module.exports.lazyThis()).toBeUndefined();
	}, 60_000);
});

describe("main.js's budget", () => {
	const names = (plugins: esbuild.Plugin[] | undefined): string[] => (plugins ?? []).map((plugin) => plugin.name);

	it("holds every build that makes main.js, and leaves out only what measures it", () => {
		// npm run build, the bundle tests and the strict-mode check build with the defaults.
		expect(names(buildOptions({ production: true }).plugins)).toContain("budget");
		expect(names(bundlePlugins())).toContain("budget");
		// bench/support/bundle-composition.ts must answer when main.js is over budget: that is when it is needed.
		expect(names(buildOptions({ production: true, budget: false }).plugins)).not.toContain("budget");
		expect(names(bundlePlugins({ budget: false }))).not.toContain("budget");
		// Only the budget: every cut is still made.
		expect(names(bundlePlugins({ budget: false }))).toEqual(names(bundlePlugins()).filter((name) => name !== "budget"));
	});
});

describe("main.js's licence notice", () => {
	it("names the packages whose licence comments it stands for, once, at the end", async () => {
		const file = await entry(
			'import { createRoot } from "react-dom/client"; import { jsx } from "react/jsx-runtime"; module.exports = { createRoot, jsx };',
		);
		const built = await esbuild.build({
			...buildOptions({ production: true }),
			entryPoints: [file],
			outfile: undefined,
			write: false,
			logLevel: "silent",
			nodePaths: [path.join(root, "node_modules")],
		});
		const code = built.outputFiles[0].text;
		expect(code.trimEnd().endsWith(`/*! ${legalNotice.text} */`)).toBe(true);
		expect(code).not.toContain("@license");
		expect(code.split("/*!").length - 1).toBe(1);
	}, 60_000);
});

describe("a cut that no longer fits fails the build", () => {
	it("when the text to rewrite is not in the package", async () => {
		const file = await entry('import { tool } from "@langchain/core/tools"; console.log(tool);');
		const plugin = packageEditsPlugin({
			rewrites: [{ file: "@langchain/core/dist/tools/index.js", from: "text that is not there", to: "" }],
		});
		await expect(build(file, [plugin])).rejects.toThrow(
			"expected the text to rewrite exactly once in @langchain/core/dist/tools/index.js, found it 0 times",
		);
	});

	it("when a text to rewrite every time is there another number of times, counting whole names only where asked", async () => {
		const file = await entry('import OpenAI from "openai"; console.log(OpenAI);');
		const rewrite = (count: number, word: boolean) =>
			packageEditsPlugin({
				rewrites: [{ file: "openai/client.mjs", from: "x509Authentication", to: "x509Authentication", count, word }],
			});
		// 81 times as a name of its own (once spread: `...x509Authentication`), 26 more inside _OpenAI_x509Authentication.
		await expect(build(file, [rewrite(107, true)])).rejects.toThrow(
			"expected the text to rewrite 107 times in openai/client.mjs, found it 81 times",
		);
		await expect(build(file, [rewrite(81, false)])).rejects.toThrow(
			"expected the text to rewrite 81 times in openai/client.mjs, found it 107 times",
		);
		await expect(build(file, [rewrite(81, true)])).resolves.toBeDefined();
	}, 60_000);

	it("when a rewrite matched by structure finds nothing, or leaves what its reason does not cover", async () => {
		const file = await entry('import OpenAI from "openai"; console.log(OpenAI);');
		const absent = packageEditsPlugin({
			rewrites: [
				{
					file: "openai/client.mjs",
					pattern: /__classPrivateFieldGet\(this, _OpenAI_noSuchField, "f"\)/g,
					to: "(void 0)",
				},
			],
		});
		await expect(build(file, [absent])).rejects.toThrow(
			"expected the pattern to rewrite at least once in openai/client.mjs, found it 0 times",
		);
		// Every read of the field through `this` becomes undefined; withOptions() also reads it on the clone.
		const reads = {
			file: "openai/client.mjs",
			pattern: /__classPrivateFieldGet\(this, _OpenAI_x509Authentication, "f"\)/g,
			to: "(void 0)",
			noneLeft: /__classPrivateFieldGet\(\w+, _OpenAI_x509Authentication\b/,
		};
		await expect(build(file, [packageEditsPlugin({ rewrites: [reads] })])).rejects.toThrow(
			'openai/client.mjs still has "__classPrivateFieldGet(client, _OpenAI_x509Authentication"',
		);
		// What is left is checked once all the file's edits are made: with withOptions() stood in, none is.
		const withOptions = { file: "openai/client.mjs", class: "OpenAI", methods: ["withOptions"], why: "a test" };
		await expect(
			build(file, [packageEditsPlugin({ rewrites: [reads], methodStandIns: [withOptions] })]),
		).resolves.toBeDefined();
	}, 60_000);

	it("when a method to stand in is not in its class, or the class is not in the file", async () => {
		const file = await entry('import { Runnable } from "@langchain/core/runnables"; console.log(Runnable);');
		const method = packageEditsPlugin({
			methodStandIns: [
				{ file: "@langchain/core/dist/runnables/base.js", class: "Runnable", methods: ["noSuchMethod"], why: "a test" },
			],
		});
		await expect(build(file, [method])).rejects.toThrow(
			"expected method Runnable.noSuchMethod once in @langchain/core/dist/runnables/base.js, found it 0 times",
		);
		// A method of another class in the same file is not this class's.
		const elsewhere = packageEditsPlugin({
			methodStandIns: [
				{
					file: "@langchain/core/dist/runnables/base.js",
					class: "RunnableBinding",
					methods: ["getGraph"],
					why: "a test",
				},
			],
		});
		await expect(build(file, [elsewhere])).rejects.toThrow("expected method RunnableBinding.getGraph once");
		const cls = packageEditsPlugin({
			methodStandIns: [
				{ file: "@langchain/core/dist/runnables/base.js", class: "NoSuchClass", methods: ["pipe"], why: "a test" },
			],
		});
		await expect(build(file, [cls])).rejects.toThrow(
			"expected class NoSuchClass once in @langchain/core/dist/runnables/base.js, found it 0 times",
		);
	}, 60_000);

	it("when a stand-in lacks a name its importer imports", async () => {
		const shim = await entry("export const getEncoding = () => Promise.reject(new Error());\n");
		const file = await entry(
			'import { BaseLanguageModel } from "@langchain/core/language_models/base"; console.log(BaseLanguageModel);',
		);
		const plugin = standInsPlugin([
			{
				importers: ["@langchain/core/dist/language_models/base.js"],
				modules: ["@langchain/core/dist/utils/tiktoken.js"],
				shim,
			},
		]);
		await expect(build(file, [plugin])).rejects.toThrow(/No matching export .* for import "encodingForModel"/);
	}, 60_000);

	it("when main.js grows past its budget", async () => {
		const file = await entry('import { diffLines } from "diff"; console.log(diffLines("a", "b"));');
		const minified = (maxBytes: number) =>
			esbuild.build({
				entryPoints: [file],
				bundle: true,
				minify: true,
				write: false,
				outfile: "main.js",
				logLevel: "silent",
				nodePaths: [path.join(root, "node_modules")],
				plugins: [budgetPlugin(maxBytes)],
			});
		await expect(minified(1024)).rejects.toThrow(/main\.js is \d+\.\d KB, over its 1\.0 KB budget/);
		await expect(minified(1024 * 1024)).resolves.toBeDefined();
	});

	it("when a package with a licence comment is not named in the licence notice", async () => {
		const file = await entry('import { createElement } from "react"; console.log(createElement);');
		const plugin = (packages: string[]) => legalNoticePlugin({ packages, text: "a notice" });
		await expect(build(file, [plugin([])])).rejects.toThrow(
			/node_modules\/react\/cjs\/react\.\w+\.js has a licence comment, which main\.js leaves out: name react in legalNotice/,
		);
		await expect(build(file, [plugin(["react"])])).resolves.toBeDefined();
	});

	it("when a module that was cut is in the output again", async () => {
		const file = await entry('import { diffLines } from "diff"; console.log(diffLines("a", "b"));');
		const plugin = forbiddenInputsPlugin([{ pattern: /node_modules\/diff\//, why: "the diff package" }]);
		await expect(build(file, [plugin])).rejects.toThrow(
			/node_modules\/diff\/.* is in main\.js, but the diff package must not be/,
		);
	});
});
