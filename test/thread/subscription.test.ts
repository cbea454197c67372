import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { project } from "../../src/log/projection";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { eventsOf, makeService, mustCreate } from "./support/service";
import { setTimeout } from "../../src/node/timers";

function collect(): {
	messages: SubscriptionMessage[];
	events: () => StoredEvent[];
	onMessage: (m: SubscriptionMessage) => void;
} {
	const messages: SubscriptionMessage[] = [];
	return {
		messages,
		events: () => messages.flatMap((m) => (m.kind === "event" ? [m.event] : [])),
		onMessage: (m) => messages.push(m),
	};
}

async function until(check: () => boolean): Promise<void> {
	for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
	if (!check()) throw new Error("condition never held");
}

describe("subscribe", () => {
	it("delivers the history after any nonce, then the caught-up marker", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "hello world, how are you" });
		await service.idle(threadId);
		const all = await eventsOf(service, threadId);
		for (let nonce = 0; nonce <= all.length; nonce++) {
			const sink = collect();
			service.subscribe({ threadId, nonce }, sink.onMessage);
			await until(() => sink.messages.some((m) => m.kind === "caught_up"));
			expect(sink.events()).toEqual(all.filter((e) => e.seq > nonce));
			// The marker carries the state after every event up to it, whatever the nonce.
			expect(sink.messages.at(-1)).toEqual({ kind: "caught_up", lastSeq: all.length, state: project(threadId, all) });
		}
		await service.close();
	});

	it("has no gap and no duplicate when subscribing while a reply streams", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "slow" });
		const early = collect();
		service.subscribe({ threadId }, early.onMessage);
		await until(() => early.events().filter((e) => e.type === "assistant_token").length > 5);
		const late = collect();
		service.subscribe({ threadId, nonce: 3 }, late.onMessage);
		await until(() => late.events().filter((e) => e.type === "assistant_token").length > 10);
		await service.stop({ threadId });
		await service.idle(threadId);
		const all = await eventsOf(service, threadId);
		expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
		expect(early.events()).toEqual(all);
		expect(late.events()).toEqual(all.slice(3));
		expect(early.messages.filter((m) => m.kind === "caught_up")).toHaveLength(1);
		// Caught up mid-stream: the carried state is the fold of exactly the events delivered before it.
		for (const [sink, before] of [
			[early, []],
			[late, all.slice(0, 3)],
		] as const) {
			const marker = sink.messages.findIndex((m) => m.kind === "caught_up");
			const history = sink.messages.slice(0, marker).flatMap((m) => (m.kind === "event" ? [m.event] : []));
			const caughtUp = sink.messages[marker];
			expect(caughtUp?.kind === "caught_up" ? caughtUp.state : undefined).toStrictEqual(
				project(threadId, [...before, ...history]),
			);
		}
		expect(project(threadId, [...all.slice(0, 3), ...late.events()])).toStrictEqual(project(threadId, all));
		await service.close();
	});

	it("stops delivering once closed, and serves any number of subscribers", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		const closed = collect();
		const open = collect();
		const subscription = service.subscribe({ threadId }, closed.onMessage);
		service.subscribe({ threadId }, open.onMessage);
		await until(
			() => open.messages.some((m) => m.kind === "caught_up") && closed.messages.some((m) => m.kind === "caught_up"),
		);
		subscription.close();
		await service.renameThread({ threadId, title: "After" });
		expect(open.events().map((e) => e.type)).toEqual(["thread_created", "thread_renamed"]);
		expect(closed.events().map((e) => e.type)).toEqual(["thread_created"]);
		await service.close();
	});

	it("answers one error message for an unknown thread or a bad nonce", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		const unknown = collect();
		service.subscribe({ threadId: "t_nope" }, unknown.onMessage);
		const bad = collect();
		service.subscribe({ threadId, nonce: -1 }, bad.onMessage);
		await until(() => unknown.messages.length > 0 && bad.messages.length > 0);
		expect(unknown.messages).toEqual([
			{ kind: "error", error: { code: "unknown_thread", message: "No thread t_nope" } },
		]);
		expect(bad.messages).toMatchObject([{ kind: "error", error: { code: "bad_params" } }]);
		await service.close();
	});
});
