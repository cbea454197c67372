// The OpenAI client bundled into main.js (its stand-ins and the other cuts of build/):
// chat.completions works as before over real HTTP, and the parts replaced by stand-ins fail with
// an error that names what is missing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import OpenAI from "openai";
import {
	reply,
	scripted,
	startModelServer,
	type ModelScript,
	type ModelServer,
} from "../../../src/sandbox/model-server";
import { closedPort } from "../../support/closed-port";
import type * as Fixture from "./fixtures/openai-client";
import { loadBundled } from "./support/load-bundled";
import { fileURLToPath } from "../../../src/node/path";

let bundled: typeof Fixture;
let inputs: string[];
let server: ModelServer;

beforeAll(async () => {
	const entry = fileURLToPath(new URL("fixtures/openai-client.ts", import.meta.url));
	const loaded = await loadBundled<typeof Fixture>({ entryPoints: [entry] }, entry);
	// Stand-ins appear as "generated-stand-in:<name>"; only real files count here.
	inputs = Object.keys(loaded.metafile.inputs).filter((file) => !file.startsWith("generated-stand-in"));
	bundled = loaded.exports;
	server = await startModelServer({ script: scripted(reply.text("Hello from the model")) });
}, 60_000);

afterAll(async () => {
	await server.close();
});

describe("the OpenAI client with stand-ins", () => {
	it("leaves the unused API areas and helpers out of the bundle", () => {
		for (const left of [
			"openai/resources/beta/",
			"openai/resources/files.mjs",
			"openai/lib/ChatCompletionStream.mjs",
			"openai/core/pagination.mjs",
			"openai/internal/qs/",
		]) {
			expect(
				inputs.some((file) => file.includes(`node_modules/${left}`)),
				left,
			).toBe(false);
		}
		expect(inputs.some((file) => file.includes("node_modules/openai/resources/chat/completions/completions.mjs"))).toBe(
			true,
		);
	});

	it("streams a chat completion over HTTP as the real client does", async () => {
		const stream = await bundled
			.client(server.baseURL)
			.chat.completions.create({ model: "scripted", messages: [{ role: "user", content: "Hi" }], stream: true });
		let text = "";
		for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
		expect(text).toBe("Hello from the model");
		// LangChain only iterates a stream: splitting it or turning it into a ReadableStream is left out.
		expect(() => stream.tee()).toThrow("Stream.tee() is not included in Redline's bundle");
		expect(() => stream.toReadableStream()).toThrow("Stream.toReadableStream() is not included in Redline's bundle");
		const Stream = stream.constructor as unknown as { fromReadableStream(body: unknown, controller: unknown): unknown };
		expect(() => Stream.fromReadableStream(new ReadableStream(), new AbortController())).toThrow(
			"Stream.fromReadableStream() is not included in Redline's bundle",
		);
	});

	it("names the missing part when code reaches an area left out", () => {
		const client = bundled.client(server.baseURL);
		expect(() => client.files.list()).toThrow(/openai: Files\.list is not included in Redline's bundle/);
		expect(() => client.beta.assistants).toThrow(/openai: Beta\.assistants is not included/);
		expect(() => client.chat.completions.stream({ model: "m", messages: [] })).toThrow(
			/Completions\.stream\(\) is not included/,
		);
		expect(() => client.chat.completions.list()).toThrow(/Completions\.list\(\) is not included/);
		expect(() => client.chat.completions.messages.list("chatcmpl-1")).toThrow(
			/openai: Messages\.list is not included in Redline's bundle/,
		);
		// Pages of list results (the client exports their classes too).
		const pages = client.constructor as unknown as { CursorPage: new () => unknown };
		expect(() => new pages.CursorPage()).toThrow(/openai: new CursorPage\(\) is not included in Redline's bundle/);
		const lists = client as unknown as { getAPIList(path: string, page: unknown): unknown };
		expect(() => lists.getAPIList("/chat/completions", pages.CursorPage)).toThrow(
			"OpenAI.getAPIList() is not included in Redline's bundle",
		);
	});

	it("passes a base URL's query on as the real client does", async () => {
		const own = await startModelServer({ script: scripted(reply.text("Hello")) });
		try {
			const client = bundled.client(`${own.baseURL}?api-version=2024-10-21&tag=a%20b`);
			await client.chat.completions.create({ model: "scripted", messages: [{ role: "user", content: "Hi" }] });
			expect(own.requests[0]?.target).toBe("/v1/chat/completions?api-version=2024-10-21&tag=a%20b");
		} finally {
			await own.close();
		}
	});

	it("still builds the client's area objects, so constructing a client costs no error", () => {
		const client = bundled.client(server.baseURL);
		expect(client.files).toBeDefined();
		expect(Object.keys(client.realtime)).toEqual(["_client"]);
	});
});

describe("the OpenAI client with the cuts, beside the real one", () => {
	// The cuts take the X.509 branches out of the client's request path (build/cuts/rewrites.mjs): what a
	// request does when it succeeds, is retried or fails is the real client's, error for error.
	interface Outcome {
		text?: string;
		error?: { name: string; status?: number; message: string };
		requests: number;
	}
	type MakeClient = (baseURL: string, options: { maxRetries: number }) => OpenAI;
	const real: MakeClient = (baseURL, options) =>
		new OpenAI({ apiKey: "test-key", baseURL, dangerouslyAllowBrowser: true, ...options });

	async function outcome(
		make: MakeClient,
		script: ModelScript | "closed port",
		maxRetries: number,
		stream: boolean,
	): Promise<Outcome> {
		const own = script === "closed port" ? undefined : await startModelServer({ script });
		const baseURL = own?.baseURL ?? `http://127.0.0.1:${await closedPort()}/v1`;
		try {
			const client = make(baseURL, { maxRetries });
			const messages = [{ role: "user" as const, content: "Hi" }];
			let text = "";
			if (stream) {
				for await (const chunk of await client.chat.completions.create({ model: "scripted", messages, stream: true }))
					text += chunk.choices[0]?.delta?.content ?? "";
			} else {
				text =
					(await client.chat.completions.create({ model: "scripted", messages })).choices[0]?.message.content ?? "";
			}
			return { text, requests: own?.requests.length ?? 0 };
		} catch (error) {
			const { status, message } = error as { status?: number; message: string };
			// The class: AuthenticationError, InternalServerError, APIConnectionError...
			return {
				error: { name: (error as object).constructor.name, status, message },
				requests: own?.requests.length ?? 0,
			};
		} finally {
			await own?.close();
		}
	}

	const cases: [string, () => ModelScript | "closed port", number, stream?: false][] = [
		["streams a reply", () => scripted(reply.text("Hello")), 0],
		["answers without streaming", () => scripted(reply.text("Hello")), 0, false],
		[
			"retries a 429 and answers without streaming",
			() => scripted(reply.httpError(429, { retryAfterSeconds: 0 }), reply.text("Hello")),
			1,
			false,
		],
		[
			"retries a 429 and streams the reply",
			() => scripted(reply.httpError(429, { retryAfterSeconds: 0 }), reply.text("Hello")),
			1,
		],
		["reports a 401 without retrying", () => scripted(reply.httpError(401, { message: "Incorrect API key" })), 2],
		[
			"reports a 500 once its retries are spent",
			() => scripted(reply.httpError(500, { retryAfterSeconds: 0 }), reply.httpError(500, { retryAfterSeconds: 0 })),
			1,
		],
		["reports a stream cut off mid reply", () => scripted(reply.drop(2)), 0],
		["reports a refused connection", () => "closed port", 0],
	];
	for (const [what, script, maxRetries, stream = true] of cases) {
		it(`${what} as the real client does`, async () => {
			const expected = await outcome(real, script(), maxRetries, stream);
			expect(await outcome(bundled.client, script(), maxRetries, stream)).toEqual(expected);
		});
	}
});
