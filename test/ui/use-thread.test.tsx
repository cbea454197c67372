// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { project } from "../../src/log/projection";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";

afterEach(cleanup);

/** A service whose subscription is driven by the test, as an SSE stream arrives in pieces. */
class ManualService extends FakeThreadService {
	deliver: (message: SubscriptionMessage) => void = () => {
		throw new Error("A message was delivered before the pane subscribed");
	};
	subscriptions: Array<{ nonce?: number; closed: boolean }> = [];
	override subscribe(params: { threadId: string; nonce?: number }, onMessage: (message: SubscriptionMessage) => void) {
		this.deliver = onMessage;
		const record = { ...(params.nonce !== undefined ? { nonce: params.nonce } : {}), closed: false };
		this.subscriptions.push(record);
		return { close: () => void (record.closed = true) };
	}
}

function script(): EventScript {
	return new EventScript().user("m1", "Hello").assistant("a1", "Hi", false);
}

async function mounted(events: EventScript) {
	const service = new ManualService();
	service.addThread(events.threadId, events.events);
	render(<RedlinePane host={testHost(service)} />);
	await waitFor(() => expect(screen.getByText("Loading…")).toBeTruthy());
	// The pane subscribes in an effect after "Loading…" is painted; on a loaded machine that comes
	// later, and anything delivered before it would go nowhere.
	await waitFor(() => expect(service.subscriptions).toHaveLength(1));
	return service;
}

describe("the thread subscription", () => {
	it("shows the history only at the caught-up marker, folding repeated events once", async () => {
		const s = script();
		const service = await mounted(s);
		const [created, user, thinking, started, token] = s.events;
		act(() => {
			for (const event of [created, user, thinking]) service.deliver({ kind: "event", event });
			// A reconnect resumes a little early: repeated events are dropped.
			for (const event of [user, thinking, started, token]) service.deliver({ kind: "event", event });
		});
		expect(screen.queryByRole("log")).toBeNull();
		expect(screen.getByText("Loading…")).toBeTruthy();
		act(() => service.deliver({ kind: "caught_up", lastSeq: token.seq }));
		await screen.findByRole("log");
		expect(screen.getAllByText("Hello")).toHaveLength(1);
		expect(screen.getByText("Hi")).toBeTruthy();
		act(() => {
			service.deliver({ kind: "event", event: token });
			service.deliver({ kind: "event", event: { ...token, seq: token.seq + 1, text: " there" } });
		});
		await waitFor(() => expect(screen.getByText("Hi there")).toBeTruthy());
	});

	it("shows the state the caught-up marker carries instead of folding the history again", async () => {
		const s = script();
		const service = await mounted(s);
		// What an in-process service sends: its log's state. Here it differs from the history, to tell
		// which one the view shows.
		const carried = project(
			s.threadId,
			new EventScript().user("m1", "Hello").assistant("a1", "Hi from the log", false).events,
		);
		act(() => {
			for (const event of s.events) service.deliver({ kind: "event", event });
			service.deliver({ kind: "caught_up", lastSeq: carried.lastSeq, state: carried });
		});
		expect(await screen.findByText("Hi from the log")).toBeTruthy();
		expect(screen.queryByText("Hi")).toBeNull();
	});

	it("shows the history received so far with the error when the stream fails before catching up", async () => {
		const s = script();
		const service = await mounted(s);
		act(() => {
			for (const event of s.events) service.deliver({ kind: "event", event });
			service.deliver({ kind: "error", error: { code: "unavailable", message: "The event stream closed" } });
		});
		expect((await screen.findByRole("alert")).textContent).toBe("The event stream closed");
		expect(screen.getByText("Hello")).toBeTruthy();
	});

	it("starts over from 0 when the service lost events the view holds (nonce_ahead)", async () => {
		const s = script();
		const service = await mounted(s);
		act(() => {
			for (const event of s.events) service.deliver({ kind: "event", event });
			service.deliver({ kind: "caught_up", lastSeq: s.events.at(-1)!.seq });
		});
		expect(await screen.findByText("Hi")).toBeTruthy();
		// The server restarted after a crash that lost the reply: the reconnect is refused.
		act(() => service.deliver({ kind: "error", error: { code: "nonce_ahead", message: "Subscribe again from 0." } }));
		expect(service.subscriptions).toEqual([{ closed: true }, { closed: false }]);
		const kept = s.events.filter((e) => e.type !== "assistant_message_started" && e.type !== "assistant_token");
		act(() => {
			for (const event of kept) service.deliver({ kind: "event", event });
			service.deliver({ kind: "caught_up", lastSeq: kept.at(-1)!.seq });
		});
		await waitFor(() => expect(screen.queryByText("Hi")).toBeNull());
		expect(screen.getByText("Hello")).toBeTruthy();
		expect(screen.queryByRole("alert")).toBeNull();
	});
});
