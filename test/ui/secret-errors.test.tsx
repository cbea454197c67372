// @vitest-environment happy-dom
/**
 * The pane's error card for a 401 that quoted the key: the events come from a real turn (the real
 * @langchain/openai client over HTTP against a server that quotes the key it refused), and the
 * rendered card names the refusal without the key or a long piece of it.
 */
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as http from "../../src/node/http";
import { createNodeFetch } from "../../src/obsidian/transport/node-fetch";
import { reply, scripted } from "../../src/sandbox/model-server";
import { harness } from "../agent/support/harness";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const KEY = "sk-or-v1-5f4e3d2c1b0a99887766554433221100ffeeddccbbaa";

describe("the error card", () => {
	it("shows a refused key's error without the key", async () => {
		const h = await harness({
			script: scripted(reply.text("never sent")),
			credentials: { mainApiKey: KEY },
			server: { apiKey: "the-key-the-server-wants-0000", refusalQuotesKey: true },
			// Node's http, as the desktop app's transport: happy-dom's fetch would apply CORS.
			fetch: createNodeFetch({ http, https: http }),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		const script = new EventScript(threadId);
		script.events.splice(0, script.events.length, ...(await h.events(threadId)));
		await renderThread(script);
		const alert = await screen.findByRole("alert");
		expect(alert.textContent).toContain("Incorrect API key provided");
		const pane = document.body.textContent ?? "";
		expect(pane).not.toContain(KEY.slice(0, 12));
		expect(pane).not.toContain(KEY.slice(-8));
	});
});
