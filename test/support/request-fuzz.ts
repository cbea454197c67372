/**
 * Random HTTP requests for the request-fuzz properties (issue 13, item 9, "go after the class"):
 * request lines, targets, percent-escapes, headers and bodies, mostly near the routes a Redline
 * server has (so they reach the parsing behind the token check) and sometimes plain garbage.
 * Framing is always honest (the Content-Length is the body's): a request the server is still
 * waiting for is not a fault.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { RPC_METHODS } from "../../src/thread/service-api";
import { rawRequest, requestText } from "./raw-http";
import { Buffer, type NodeBuffer } from "../../src/node/buffer";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

export interface FuzzRequest {
	method: string;
	target: string;
	headers: Record<string, string>;
	body: NodeBuffer;
}

export interface FuzzContext {
	port: number;
	token: string;
	/** Thread ids that exist, so event streams and methods get past "unknown thread". */
	threadIds: string[];
}

/** Pieces that trouble URL parsing and percent-decoding, all of which HTTP lets through. */
const tricky = fc.constantFrom(
	"%",
	"%E0%A4%A",
	"%FF",
	"%00",
	"%2F",
	"%25",
	"%C3%28",
	"%u00e9",
	"%E2%9C%93",
	"[",
	"]",
	"@",
	":",
	"?",
	"#",
	"\\",
	"//",
	"..",
	"+",
	"&",
	"=",
	"!",
	"$",
	"'",
	"(",
	"*",
	",",
	";",
	"|",
	"^",
	"`",
	"{",
	"}",
);
/** Bytes that HTTP itself forbids in a request line or header (Node's parser refuses them). */
const forbidden = fc.constantFrom(" ", "\t", "\u0000", "\u007f", "é", "日本", "\u{1F600}");
const word = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/);
const garbage = fc
	.array(
		fc.oneof({ weight: 4, arbitrary: tricky }, { weight: 4, arbitrary: word }, { weight: 1, arbitrary: forbidden }),
		{ maxLength: 8 },
	)
	.map((parts) => parts.join(""));
const tidyGarbage = fc.array(fc.oneof(tricky, word), { maxLength: 8 }).map((parts) => parts.join(""));

function queryOf(context: FuzzContext): fc.Arbitrary<string> {
	const token = fc.oneof(fc.constant(context.token), tidyGarbage);
	const nonce = fc.oneof(
		fc.nat().map(String),
		fc.constantFrom("-1", "1e3", "0x10", "99999999999999999999", ""),
		tidyGarbage,
	);
	const notePath = fc.oneof(
		fc.constantFrom(
			"Notes/A.md",
			"Notes",
			"../outside.md",
			"/etc/passwd",
			"C:/x.md",
			`${DEFAULT_CONFIG_DIR}/app.json`,
			"",
			"Notes/日本.md",
		),
		tidyGarbage,
	);
	return fc
		.record({
			token: fc.option(token, { freq: 4, nil: undefined }),
			nonce: fc.option(nonce, { nil: undefined }),
			path: fc.option(notePath, { nil: undefined }),
			raw: fc.option(fc.oneof({ weight: 5, arbitrary: tidyGarbage }, { weight: 1, arbitrary: garbage }), {
				freq: 2,
				nil: undefined,
			}),
			encoded: fc.boolean(),
		})
		.map(({ raw, encoded, ...params }) => {
			const pairs = Object.entries(params).flatMap(([name, value]) =>
				value === undefined ? [] : [`${name}=${encoded ? encodeURIComponent(value) : value}`],
			);
			if (raw !== undefined) pairs.push(raw);
			return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
		});
}

function targetOf(context: FuzzContext): fc.Arbitrary<string> {
	const threadId = fc.oneof(fc.constantFrom(...context.threadIds), tidyGarbage);
	const path = fc.oneof(
		fc.constantFrom(
			"/",
			"/index.html",
			"/app.js",
			"/styles.css",
			"/v1/rpc",
			"/sandbox/api/notes",
			"/sandbox/api/note",
			"/sandbox/api/changes",
			"/sandbox/api/info",
			"/sandbox/api/",
			"/nope",
			"/v1/threads//events",
		),
		threadId.map((id) => `/v1/threads/${id}/events`),
		tidyGarbage.map((text) => `/${text}`),
	);
	const origin = fc.tuple(path, queryOf(context)).map(([p, q]) => p + q);
	return fc.oneof(
		{ weight: 8, arbitrary: origin },
		{ weight: 1, arbitrary: origin.map((o) => `http://127.0.0.1:${context.port}${o}`) },
		{
			weight: 1,
			arbitrary: fc.oneof(
				fc.constantFrom(
					"*",
					"http://[/v1/rpc",
					"http://[::1/",
					"127.0.0.1:80",
					"http://evil.example/v1/rpc",
					"//v1/rpc",
					"/v1/threads/%E0%A4%A/events",
				),
				garbage,
			),
		},
	);
}

/** `undefined` most of the time, so that most requests get past the check on that header. */
function rarely<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
	return fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
}

function headersOf(context: FuzzContext): fc.Arbitrary<Record<string, string>> {
	const own = `127.0.0.1:${context.port}`;
	const headerValue = fc.oneof(
		{ weight: 4, arbitrary: tidyGarbage },
		{ weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, "")) },
	);
	return fc
		.record({
			Host: fc.oneof(
				{ weight: 12, arbitrary: fc.constant(own) },
				{
					weight: 1,
					arbitrary: fc.constantFrom(`localhost:${context.port}`, "evil.example", `${own}, evil.example`, ""),
				},
				{ weight: 1, arbitrary: headerValue },
			),
			Authorization: fc.oneof(
				{ weight: 8, arbitrary: fc.constant(`Bearer ${context.token}`) },
				{ weight: 1, arbitrary: fc.constantFrom(undefined, "Bearer ") },
				{ weight: 1, arbitrary: headerValue },
			),
			Origin: rarely(
				fc.oneof(fc.constant(`http://${own}`), fc.constant("https://evil.example"), fc.constant("null"), headerValue),
			),
			"Last-Event-ID": rarely(fc.oneof(fc.nat().map(String), headerValue)),
			"Content-Type": fc.oneof(fc.constant("application/json"), fc.constant(undefined), headerValue),
			extra: rarely(fc.tuple(fc.stringMatching(/^X-[A-Za-z-]{1,10}$/), headerValue)),
		})
		.map(({ extra, ...headers }) => {
			const out: Record<string, string> = {};
			for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
			if (extra) out[extra[0]] = extra[1];
			out.Connection = "close";
			return out;
		});
}

function bodyOf(context: FuzzContext): fc.Arbitrary<NodeBuffer> {
	const id = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null), fc.double());
	const params = fc.oneof(
		fc.dictionary(
			fc.constantFrom(
				"threadId",
				"title",
				"content",
				"nonce",
				"path",
				"versionId",
				"approved",
				"denied",
				"tool",
				"preference",
				"askId",
				"answers",
				"operation",
				"pinnedItem",
			),
			fc.oneof(fc.constantFrom(...context.threadIds), fc.jsonValue({ maxDepth: 2 })),
		),
		fc.jsonValue({ maxDepth: 2 }),
	);
	const call = fc.record(
		{
			jsonrpc: fc.oneof(
				{ weight: 4, arbitrary: fc.constant("2.0") },
				{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 0 }) },
			),
			id,
			method: fc.oneof(
				{ weight: 4, arbitrary: fc.constantFrom(...Object.keys(RPC_METHODS)) },
				{ weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
			),
			params,
		},
		{ requiredKeys: ["jsonrpc", "method"] },
	);
	const json = fc.oneof(
		call,
		fc.array(call, { maxLength: 4 }),
		fc.record({ text: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })) }),
		fc.jsonValue({ maxDepth: 3 }),
	);
	return fc.oneof(
		{ weight: 6, arbitrary: json.map((value) => Buffer.from(JSON.stringify(value) ?? "null", "utf8")) },
		{ weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
		{ weight: 1, arbitrary: garbage.map((text) => Buffer.from(text, "utf8")) },
		{
			weight: 1,
			arbitrary: fc
				.constantFrom("Café — 日本語 ✓", "\u{1F600}")
				.map((text) =>
					Buffer.from(
						JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.create", params: { title: text } }),
						"utf8",
					),
				),
		},
		{ weight: 2, arbitrary: fc.constant(Buffer.alloc(0)) },
	);
}

export function fuzzRequests(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
	const anyMethod = fc.oneof(
		{ weight: 12, arbitrary: fc.constantFrom("GET", "POST", "PUT", "OPTIONS", "HEAD", "DELETE") },
		{ weight: 1, arbitrary: fc.constantFrom("PATCH", "BREW", "get", "") },
		{ weight: 1, arbitrary: garbage },
	);
	const query = queryOf(context);
	const threadId = fc.oneof(
		{ weight: 3, arbitrary: fc.constantFrom(...context.threadIds) },
		{ weight: 1, arbitrary: tidyGarbage },
	);
	// Mostly the method a route takes, so that requests reach the parsing behind its checks.
	const routed = fc
		.oneof(
			fc.tuple(fc.constant("POST"), fc.constant("/v1/rpc"), query),
			fc.tuple(
				fc.constant("GET"),
				threadId.map((id) => `/v1/threads/${id}/events`),
				query,
			),
			fc.tuple(fc.constantFrom("GET", "PUT"), fc.constant("/sandbox/api/note"), query),
			fc.tuple(
				fc.constant("GET"),
				fc.constantFrom("/sandbox/api/notes", "/sandbox/api/changes", "/sandbox/api/info", "/", "/app.js"),
				query,
			),
		)
		.map(([method, path, q]) => ({ method, target: path + q }));
	const wild = fc.record({ method: anyMethod, target: targetOf(context) });
	return fc
		.record({
			line: fc.oneof({ weight: 2, arbitrary: routed }, { weight: 1, arbitrary: wild }),
			headers: headersOf(context),
			body: bodyOf(context),
		})
		.map(({ line, headers, body }) => ({ ...line, headers, body }));
}

/** What an exception's own text looks like in an answer: a class name, a Node code, a stack. */
export const EXCEPTION_TEXT =
	/TypeError|URIError|SyntaxError|RangeError|ReferenceError|ERR_[A-Z_]+|Invalid URL|URI malformed|Unexpected token|\n\s+at /;

/**
 * The property for one random request: a 2xx, or a 4xx with a message in plain text or JSON;
 * never a 5xx, an exception's text, or a method that failed inside the server (-32603).
 */
export async function expectPlainAnswer(port: number, request: FuzzRequest): Promise<void> {
	const answer = await rawRequest(
		port,
		requestText(`${request.method} ${request.target} HTTP/1.1`, request.headers, request.body),
		{ headOnly: request.method === "HEAD" },
	);
	const shown = `${request.method} ${request.target} -> ${answer.status} ${answer.body.slice(0, 200)}`;
	expect((answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500), shown).toBe(
		true,
	);
	expect(answer.body, shown).not.toMatch(EXCEPTION_TEXT);
	expect(answer.body, shown).not.toContain('"code":-32603');
	if (answer.status >= 400 && request.method !== "HEAD") {
		expect(answer.headers["content-type"], shown).toMatch(/^(text\/plain|application\/json)/);
		expect(answer.body.trim(), shown).not.toBe("");
	}
}
