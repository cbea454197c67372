import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import { RemoteThreadService } from "../../src/rpc/client/remote-thread-service";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { project } from "../../src/log/projection";
import type { StoredEvent } from "../../src/log/events";
import { eventsOf } from "../thread/support/service";
import { startServer, TOKEN, until } from "./support";
import { setTimeout } from "../../src/node/timers";

describe("RemoteThreadService against the real server", () => {
	it("behaves like the in-process service: create, send, subscribe, decide", async () => {
		const { server, service } = await startServer();
		const remote = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource });
		const created = await remote.createThread({ title: "Remote" });
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		const messages: SubscriptionMessage[] = [];
		const subscription = remote.subscribe({ threadId }, (m) => messages.push(m));
		await until(() => messages.some((m) => m.kind === "caught_up"), "caught up");
		expect(await remote.sendMessage({ threadId, content: "read Daily" })).toMatchObject({
			ok: true,
			messageId: expect.any(String) as string,
		});
		const events = () => messages.flatMap((m) => (m.kind === "event" ? [m.event] : ([] as StoredEvent[])));
		await until(() => project(threadId, events()).status === "waiting_for_approval", "waiting");
		const [callId = ""] = project(threadId, events()).pendingApprovals;
		expect(await remote.decideToolCalls({ threadId, approved: [callId], denied: [] })).toEqual({ ok: true });
		await until(() => project(threadId, events()).status === "idle", "done");
		await service.idle(threadId);
		await until(() => events().length === project(threadId, events()).lastSeq, "all events");
		subscription.close();
		expect(events()).toEqual(await eventsOf(service, threadId));
		expect(await remote.decideToolCalls({ threadId, approved: [callId], denied: [] })).toMatchObject({
			ok: false,
			error: { code: "not_pending" },
		});
		const listed = await remote.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.title)).toEqual(["Remote"]);
		expect(await remote.listHistory({ path: "A.md" })).toMatchObject({ ok: false, error: { code: "unavailable" } });
	});

	it("reports an unknown thread on subscribe and resumes from a nonce", async () => {
		const { server } = await startServer();
		const remote = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource });
		const unknown: SubscriptionMessage[] = [];
		remote.subscribe({ threadId: "t_none" }, (m) => unknown.push(m));
		await until(() => unknown.length > 0, "error");
		expect(unknown).toEqual([{ kind: "error", error: { code: "unknown_thread", message: "No thread t_none" } }]);

		const created = await remote.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		await remote.renameThread({ threadId: created.threadId, title: "Second" });
		const resumed: SubscriptionMessage[] = [];
		const sub = remote.subscribe({ threadId: created.threadId, nonce: 1 }, (m) => resumed.push(m));
		await until(() => resumed.some((m) => m.kind === "caught_up"), "caught up");
		sub.close();
		expect(resumed).toMatchObject([
			{ kind: "event", event: { seq: 2, type: "thread_renamed" } },
			{ kind: "caught_up", lastSeq: 2 },
		]);
	});

	it("forwards nonce_ahead for a resume point the server does not have, and stops listening", async () => {
		const { server } = await startServer();
		const remote = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource });
		const created = await remote.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		const messages: SubscriptionMessage[] = [];
		remote.subscribe({ threadId: created.threadId, nonce: 50 }, (m) => messages.push(m));
		await until(() => messages.length > 0, "the error");
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(messages).toMatchObject([{ kind: "error", error: { code: "nonce_ahead" } }]);
	});

	it("forwards a deletion as one 'deleted' error and stops listening", async () => {
		const { server } = await startServer();
		const sources: EventSource[] = [];
		// The real EventSource, remembered so that the test can see the client close it.
		class TrackedEventSource extends EventSource {
			constructor(url: string) {
				super(url);
				sources.push(this);
			}
		}
		const remote = new RemoteThreadService({ baseUrl: server.url, token: TOKEN, EventSource: TrackedEventSource });
		const created = await remote.createThread({ title: "Doomed" });
		if (!created.ok) throw new Error(created.error.message);
		const messages: SubscriptionMessage[] = [];
		remote.subscribe({ threadId: created.threadId }, (m) => messages.push(m));
		await until(() => messages.some((m) => m.kind === "caught_up"), "caught up");
		expect(await remote.deleteThread({ threadId: created.threadId })).toEqual({ ok: true });
		await until(() => messages.some((m) => m.kind === "error"), "the error");
		expect(messages.filter((m) => m.kind === "error")).toEqual([
			{ kind: "error", error: { code: "unknown_thread", message: "This chat was deleted." } },
		]);
		expect(messages.at(-1)?.kind).toBe("error");
		expect(sources.map((s) => s.readyState)).toEqual([EventSource.CLOSED]);
	});

	it("answers unavailable when the server cannot be reached or refuses the token", async () => {
		const { server } = await startServer();
		const wrongToken = new RemoteThreadService({ baseUrl: server.url, token: "nope-nope-nope-nope", EventSource });
		expect(await wrongToken.listThreads()).toMatchObject({
			ok: false,
			error: { code: "unavailable", message: expect.stringContaining("401") as string },
		});
		const nowhere = new RemoteThreadService({ baseUrl: "http://127.0.0.1:9", token: TOKEN, EventSource });
		expect(await nowhere.createThread({})).toMatchObject({ ok: false, error: { code: "unavailable" } });
	});
});
