// @vitest-environment happy-dom
/**
 * The context meter's estimate (v1.context.measure) costs the service a pass over the whole chat
 * (issue 32: about half a second on a 20,000-call chat). Opening a chat (issue 32, part 3: the
 * newest screen first) asks for it once, after the chat is shown: not while the chat's newest
 * items are on their way (the server would work on the estimate before it sends them), not again
 * for the state that then arrives, and not when older messages are paged in on scroll.
 */
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { SubscribeParams, SubscriptionMessage } from "../../src/thread/service-api";
import type { MeasureParams, NextRequest } from "../../src/thread/context-measure";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EARLIER_ITEMS, INITIAL_ITEMS } from "../../src/ui/stream-window";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";

afterEach(cleanup);

/** A service whose chat arrives when the test says so (a long chat on its way over HTTP). */
class SlowOpen extends FakeThreadService {
	private pending: Array<() => void> = [];
	override subscribe(params: SubscribeParams, onMessage: (message: SubscriptionMessage) => void) {
		let live = true;
		let inner: { close(): void } | undefined;
		this.pending.push(() => {
			if (live) inner = super.subscribe(params, onMessage);
		});
		return {
			close: () => {
				live = false;
				inner?.close();
			},
		};
	}
	/** Subscriptions waiting for their chat. */
	get waiting(): number {
		return this.pending.length;
	}
	arrive(): void {
		for (const open of this.pending.splice(0)) open();
	}
}

const estimate = (params: MeasureParams): NextRequest => ({
	tokens: 1000 + (params.draft?.content ?? "").length,
	window: 10_000,
	roomBeforeCompaction: 2000,
	parts: { system: 300, tools: 700, instructions: 0, pinned: 0, conversation: 0, toolResults: 0 },
	compactsFirst: false,
});

/** A chat of `turns` questions and answers. */
function chat(turns: number): EventScript {
	const script = new EventScript();
	for (let n = 1; n <= turns; n++)
		script.user(`u${n}`, `Question ${n}`).assistant(`a${n}`, `Answer ${n}`).status("idle");
	return script;
}

const asksFor = (service: FakeThreadService, threadId: string) =>
	service.callsOf("measureContext").filter((params) => (params as MeasureParams).threadId === threadId);

/** Lets the pane's timers and answers run (the meter asks on a timer). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe("the context meter while a chat opens", () => {
	it("asks for the estimate once the chat is shown, and only once", async () => {
		const service = new SlowOpen();
		service.measure = estimate;
		service.addThread("thread_1", chat(3).events);
		render(<RedlinePane host={testHost(service)} />);
		await waitFor(() => expect(service.waiting).toBe(1));
		await settle();
		// The chat is on its way: the service is not asked to measure it meanwhile.
		expect(asksFor(service, "thread_1")).toEqual([]);

		act(() => service.arrive());
		await screen.findByText("Answer 3");
		await screen.findByRole("button", { name: /^Next request ≈/u });
		await settle();
		expect(asksFor(service, "thread_1")).toEqual([{ threadId: "thread_1", draft: { content: "" } }]);
	});

	it("does not ask again when older messages are paged in", async () => {
		const service = new FakeThreadService();
		service.measure = estimate;
		const turns = INITIAL_ITEMS + EARLIER_ITEMS;
		service.addThread("thread_1", chat(turns).events);
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("button", { name: /^Next request ≈/u });
		await settle();
		const asked = asksFor(service, "thread_1").length;
		while (screen.queryByRole("button", { name: /^Show earlier messages/ }))
			await user.click(screen.getByRole("button", { name: /^Show earlier messages/ }));
		await screen.findByText("Question 1");
		await settle();
		// Pages of older messages came in (the view held only the newest), and the estimate stands.
		expect(service.callsOf("threadHistory").length).toBeGreaterThan(0);
		expect(asksFor(service, "thread_1")).toHaveLength(asked);
	});
});
