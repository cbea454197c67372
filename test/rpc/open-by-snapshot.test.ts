/**
 * Opening a long thread over HTTP (issue 32, part 3): `?from=snapshot` gives the thread's windowed
 * state in the caught-up marker (with the seq it stands for as its id, so a reconnect resumes after
 * it), then live events; v1.thread.history pages the older turns; a client that does not ask for
 * it (an old one, from 0) still gets every event, then caught-up. Through the real server and
 * the HTTP client the sandbox's page uses.
 */
import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { withEarlier, withoutEarlier, type HistoryPage } from "../../src/log/window";
import { RemoteThreadService } from "../../src/rpc/client/remote-thread-service";
import type { LocalThreadService } from "../../src/thread/service";
import { eventsOf, mustCreate } from "../thread/support/service";
import { rpc, startServer, TOKEN, until } from "./support";

const TURNS = 50;

/** A thread of TURNS turns of two pinned settings each (events the service appends itself). */
async function longThread(service: LocalThreadService): Promise<string> {
	const threadId = await mustCreate(service, "long");
	for (let t = 0; t < TURNS; t++) {
		const sent = await service.sendMessage({ threadId, content: `message ${t}` });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(threadId);
	}
	return threadId;
}

function subscribeRemote(
	client: RemoteThreadService,
	params: { threadId: string; from?: "snapshot" },
): Promise<{ events: StoredEvent[]; state?: ThreadState; lastSeq: number; close: () => void }> {
	return new Promise((resolve, reject) => {
		const events: StoredEvent[] = [];
		const subscription = client.subscribe(params, (message) => {
			if (message.kind === "event") events.push(message.event);
			else if (message.kind === "caught_up")
				resolve({
					events,
					lastSeq: message.lastSeq,
					...(message.state ? { state: message.state } : {}),
					close: () => subscription.close(),
				});
			else reject(new Error(message.error.message));
		});
	});
}

describe("opening a thread by snapshot over HTTP", () => {
	it("gives the newest turns at caught-up, pages the rest with v1.thread.history, and an old client every event", async () => {
		const { server, service } = await startServer();
		const threadId = await longThread(service);
		const client = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource });

		const old = await subscribeRemote(client, { threadId });
		old.close();
		expect(old.state).toBeUndefined();
		const full = project(threadId, old.events);
		expect(old.events.map((event) => event.seq)).toEqual(old.events.map((_, i) => i + 1));

		const opened = await subscribeRemote(client, { threadId, from: "snapshot" });
		expect(opened.events).toEqual([]);
		expect(opened.lastSeq).toBe(full.lastSeq);
		let view = opened.state;
		expect(view?.earlier?.messages).toBeGreaterThan(0);
		expect(view?.messages.length).toBeLessThan(full.messages.length);
		for (let pages = 0; view?.earlier && pages < 100; pages++) {
			const answer = await client.threadHistory({ threadId, before: view.earlier.beforeSeq, limit: 10 });
			if (!answer.ok) throw new Error(answer.error.message);
			view = withEarlier(view, answer.page);
		}
		expect(view && withoutEarlier(view)).toEqual(full);

		// Live events follow the snapshot, without a gap or a repeat.
		const live: number[] = [];
		const subscription = client.subscribe({ threadId, from: "snapshot" }, (message) => {
			if (message.kind === "event") live.push(message.event.seq);
			else if (message.kind === "caught_up") from = message.lastSeq;
		});
		let from = 0;
		await until(() => from > 0, "caught up");
		await service.sendMessage({ threadId, content: "one more" });
		await service.idle(threadId);
		const now = (await eventsOf(service, threadId)).at(-1)?.seq;
		await until(() => live.length > 0 && live.at(-1) === now, "live events");
		subscription.close();
		opened.close();
		expect(live).toEqual(live.map((_, i) => from + 1 + i));
	});

	it("marks the snapshot's caught-up with its seq as the event id, and checks v1.thread.history's params", async () => {
		const { server, service } = await startServer();
		const threadId = await longThread(service);
		const response = await fetch(`${server.url}/v1/threads/${threadId}/events?from=snapshot&token=${TOKEN}`);
		const reader = response.body!.getReader();
		let text = "";
		while (!text.includes("\n\n", text.indexOf("event: caught-up")))
			text += new TextDecoder().decode((await reader.read()).value);
		await reader.cancel();
		const lastSeq = (await eventsOf(service, threadId)).at(-1)?.seq ?? 0;
		expect(text).toContain(`id: ${lastSeq}\nevent: caught-up\ndata: {"lastSeq":${lastSeq},"state":{`);
		expect(text).not.toContain("event: thread-event");

		const bad = await rpc(server, {
			jsonrpc: "2.0",
			id: 1,
			method: "v1.thread.history",
			params: { threadId, before: "x" },
		});
		expect(bad.json).toMatchObject({ result: { ok: false, error: { code: "bad_params" } } });
		const page = await rpc(server, {
			jsonrpc: "2.0",
			id: 2,
			method: "v1.thread.history",
			params: { threadId, before: lastSeq, limit: 4 },
		});
		const result = (page.json as { result: { ok: true; page: HistoryPage } }).result;
		expect(result.page.messages.length).toBeGreaterThanOrEqual(4);
		expect(result.page.messages[0]?.kind).toBe("user");
	});
});
