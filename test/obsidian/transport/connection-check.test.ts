/**
 * "Check connection" through Obsidian's two transports: a server whose origin check refuses what
 * Obsidian request sends (an empty 403, as Ollama answers an Origin not in OLLAMA_ORIGINS) is told
 * apart from a refused key, and the check finds that the desktop transport gets through.
 */
import { afterEach, describe, expect, it } from "vitest";
import { checkConnection } from "../../../src/check/run-check";
import { formatReport } from "../../../src/check/report";
import { createNodeFetch } from "../../../src/obsidian/transport/node-fetch";
import { createRequestUrlFetch } from "../../../src/obsidian/transport/request-url-fetch";
import { checkScript, startModelServer, type ModelServer } from "../../../src/sandbox/model-server";
import { requestUrlExtraHeaders } from "../../fakes/obsidian";
import { http, https } from "../../../src/node/http";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
	delete requestUrlExtraHeaders.origin;
});

describe("checking the connection through Obsidian's transports", () => {
	it("tells an origin refusal through Obsidian request apart, and finds that the desktop transport gets through", async () => {
		server = await startModelServer({ script: checkScript(), allowedOrigins: ["http://localhost"] });
		requestUrlExtraHeaders.origin = "app://obsidian.md";
		const report = await checkConnection({
			target: "main",
			endpoint: { baseUrl: server.baseURL, model: "scripted" },
			apiKey: undefined,
			transport: { kind: "request-url", fetch: createRequestUrlFetch() },
			alternative: { kind: "node", fetch: createNodeFetch({ http, https }) },
		});
		const [endpoint, , , , transport] = report.steps;
		expect(endpoint).toMatchObject({ id: "endpoint", status: "fail", figure: "403 with an empty answer" });
		expect(endpoint?.cause).toMatch(/refused the request's origin.*Obsidian request sends the app's origin/);
		expect(endpoint?.fix).toContain("OLLAMA_ORIGINS=app://obsidian.md*");
		expect(transport).toMatchObject({
			id: "transport",
			status: "fail",
			action: { kind: "use-transport", transport: "node" },
		});
		expect(transport?.figure).toMatch(
			/^Obsidian request was refused by the server's origin check; Desktop \(Node http\) got an answer \(200 in \d/,
		);
		expect(formatReport(report)).toContain(
			"Fix: Set Transport (Redline settings, Connection) to Desktop (Node http), then check again.",
		);
	});

	it("passes through Obsidian request, where a reply arrives whole", async () => {
		server = await startModelServer({ script: checkScript() });
		const report = await checkConnection({
			target: "main",
			endpoint: { baseUrl: server.baseURL, model: "scripted" },
			apiKey: undefined,
			transport: { kind: "request-url", fetch: createRequestUrlFetch() },
		});
		expect(report.usable, formatReport(report)).toBe(true);
		expect(report.steps.find((s) => s.id === "streaming")?.figure).toMatch(
			/^the whole reply \(\d+ tokens\) after \d+\.\d+ s, in one piece$/,
		);
		expect(report.steps.at(-1)?.figure).toBe("Obsidian request (replies arrive whole)");
	});

	it("finds that Obsidian request gets through when the desktop transport cannot connect", async () => {
		server = await startModelServer({ script: checkScript() });
		// A desktop transport whose connections fail, as behind a proxy it does not know of.
		const refused = createNodeFetch({
			http: { request: (url, options, callback) => http.request(new URL("http://127.0.0.1:9/"), options, callback) },
			https,
		});
		const report = await checkConnection({
			target: "main",
			endpoint: { baseUrl: server.baseURL, model: "scripted" },
			apiKey: undefined,
			transport: { kind: "node", fetch: refused },
			alternative: { kind: "request-url", fetch: createRequestUrlFetch() },
		});
		expect(report.steps[0]).toMatchObject({ status: "fail", figure: "no answer" });
		expect(report.steps[0]?.cause).toMatch(/could not reach .*the connection failed \(ECONNREFUSED\)/);
		expect(report.steps.at(-1)).toMatchObject({
			status: "fail",
			action: { kind: "use-transport", transport: "request-url" },
		});
		expect(report.steps.at(-1)?.cause).toBe(
			"Desktop (Node http) connects without the system's proxy and certificates; Obsidian request uses them.",
		);
	});
});
