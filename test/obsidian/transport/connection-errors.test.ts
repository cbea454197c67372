// The desktop transport behind a corporate proxy: Node's http ignores the system's proxy settings
// and certificate store, so a refused connection or a certificate Node does not trust is what
// such a user meets. The error says so and names the transport that uses them ("Obsidian
// request"), all the way to the message the agent shows. (Failed before: the user saw only
// "The connection to the model was lost (Connection error.)".)
import { ChatOpenAI } from "@langchain/openai";
import { closedPort } from "../../support/closed-port";
import { afterEach, describe, expect, it } from "vitest";
import { classifyModelError } from "../../../src/agent/model-errors";
import { ModelTransportError, findTransportError } from "../../../src/llm/transport-error";
import { createNodeFetch } from "../../../src/obsidian/transport/node-fetch";
import * as path from "../../../src/node/path";
import { fileURLToPath } from "../../../src/node/path";
import { readFileSync } from "../../../src/node/fs";
import { http, https } from "../../../src/node/http";

const fixtures = fileURLToPath(new URL("fixtures", import.meta.url));
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of closers.splice(0)) await close();
});

/** An HTTPS server with a self-signed certificate, as a TLS-inspecting proxy presents its own. */
async function untrustedHttpsServer(): Promise<string> {
	const server = https.createServer(
		{
			key: readFileSync(path.join(fixtures, "untrusted-proxy.key"), "utf8"),
			cert: readFileSync(path.join(fixtures, "untrusted-proxy.crt"), "utf8"),
		},
		(_req, res) => res.end("{}"),
	);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	closers.push(() => new Promise((resolve) => server.close(() => resolve())));
	return `https://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error("the request did not fail");
}

describe("connection and TLS errors of the desktop transport", () => {
	it("a refused connection says the transport could not connect, and to use Obsidian request", async () => {
		const port = await closedPort();
		const error = await failureOf(createNodeFetch({ http, https })(`http://127.0.0.1:${port}/v1/models`));
		expect(error).toBeInstanceOf(ModelTransportError);
		expect((error as ModelTransportError).failure).toBe("connection");
		expect((error as Error).message).toMatch(
			new RegExp(`could not reach 127\\.0\\.0\\.1:${port}: the connection failed \\(ECONNREFUSED\\)`),
		);
		expect((error as Error).message).toMatch(/without the system's proxy settings or certificates.*"Obsidian request"/);
	});

	it("a certificate Node does not trust (a proxy's own) says the secure connection failed", async () => {
		const baseUrl = await untrustedHttpsServer();
		const error = await failureOf(createNodeFetch({ http, https })(`${baseUrl}/models`));
		expect((error as ModelTransportError).failure).toBe("tls");
		expect((error as Error).message).toMatch(
			/the secure connection failed \(DEPTH_ZERO_SELF_SIGNED_CERT: self.signed certificate\)/,
		);
	});

	it("reaches the agent's error message through the OpenAI client, which wraps it", async () => {
		const baseUrl = await untrustedHttpsServer();
		const model = new ChatOpenAI({
			model: "m",
			apiKey: "k",
			maxRetries: 0,
			configuration: { baseURL: baseUrl, fetch: createNodeFetch({ http, https }) },
		});
		const error = await failureOf(model.invoke("Hi"));
		expect(error).not.toBeInstanceOf(ModelTransportError); // wrapped by the client...
		expect(findTransportError(error)?.failure).toBe("tls"); // ...with ours as the cause
		const failure = classifyModelError(error, new AbortController().signal);
		expect(failure.kind).toBe("dropped");
		expect("message" in failure && failure.message).toMatch(
			/^Redline could not reach 127\.0\.0\.1:\d+: the secure connection failed.*"Obsidian request"/,
		);
	});

	it("other failures stay plain fetch failures", async () => {
		const server = http.createServer((req) => req.socket.destroy());
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		closers.push(() => new Promise((resolve) => server.close(() => resolve())));
		const error = await failureOf(
			createNodeFetch({ http, https })(`http://127.0.0.1:${(server.address() as { port: number }).port}/`),
		);
		// A server that hangs up after connecting is not the proxy's doing: no advice to switch.
		expect(error).toBeInstanceOf(TypeError);
		expect((error as Error).message).toMatch(/^fetch failed: socket hang up/);
	});
});
