// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EARLIER_ITEMS, INITIAL_ITEMS } from "../../src/ui/stream-window";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** A long chat: `count` turns of a question and an answer (two stream items each). */
function longChat(count: number, script = new EventScript()): EventScript {
	for (let n = 1; n <= count; n++)
		script.user(`u${n}`, `Question ${n}`).assistant(`a${n}`, `Answer ${n}`).status("idle");
	return script;
}

const TURNS = INITIAL_ITEMS + EARLIER_ITEMS; // more than two batches of items

/** The count the "Show earlier messages" button says is not shown. */
function notShown(): number {
	const label = screen.getByRole("button", { name: /^Show earlier messages/ }).getAttribute("aria-label") ?? "";
	return Number(/\((\d+) items? not shown\)/.exec(label)?.[1] ?? 0);
}

describe("a long thread", () => {
	it("mounts its latest turns first and offers the earlier ones", async () => {
		await renderThread(longChat(TURNS));
		expect(screen.getByText(`Question ${TURNS}`)).toBeTruthy();
		expect(screen.getByText(`Answer ${TURNS}`)).toBeTruthy();
		expect(screen.queryByText("Question 1")).toBeNull();
		const button = screen.getByRole("button", { name: /^Show earlier messages/ });
		expect(button.getAttribute("aria-label")).toBe(
			`Show earlier messages (${TURNS * 2 - INITIAL_ITEMS} items not shown)`,
		);
	});

	it("mounts earlier turns, a batch at a time, when asked, until the first one shows", async () => {
		const { service, user } = await renderThread(longChat(TURNS));
		// The pane was given the newest turns only (from: "snapshot"): the rest come in pages.
		expect(service.callsOf("subscribe")).toEqual([{ threadId: "thread_1", from: "snapshot" }]);
		const log = screen.getByRole("log");
		const mounted = () => within(log).getAllByText(/^Question \d+$/).length;
		const before = mounted();
		// The page ahead has arrived (fetched when the pane held less than a batch not mounted).
		await waitFor(() => expect(notShown()).toBeGreaterThanOrEqual(EARLIER_ITEMS));
		await user.click(screen.getByRole("button", { name: /^Show earlier messages/ }));
		expect(mounted()).toBe(before + EARLIER_ITEMS / 2);
		expect(screen.queryByText("Question 1")).toBeNull();
		while (screen.queryByRole("button", { name: /^Show earlier messages/ })) {
			await user.click(screen.getByRole("button", { name: /^Show earlier messages/ }));
		}
		expect(mounted()).toBe(TURNS);
		expect(service.callsOf("threadHistory").length).toBeGreaterThan(0);
		// In log order: the first turn is first.
		expect(within(log).getAllByText(/^Question \d+$/)[0].textContent).toBe("Question 1");
	});

	it("mounts one batch when asked while the earlier page is still on its way", async () => {
		const service = new FakeThreadService();
		service.addThread("thread_1", longChat(TURNS).events);
		const release = service.hold("threadHistory"); // a slow host: the page ahead is not here yet
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		const log = await screen.findByRole("log");
		const mounted = () => within(log).getAllByText(/^Question \d+$/).length;
		const before = mounted();
		await user.click(screen.getByRole("button", { name: /^Show earlier messages/ }));
		await act(async () => release());
		// What arrived is held, not all mounted: the earlier part stays a click (or a scroll) away.
		expect(mounted()).toBeLessThanOrEqual(before + EARLIER_ITEMS / 2);
		expect(screen.queryByText("Question 1")).toBeNull();
		expect(screen.getByRole("button", { name: /^Show earlier messages/ })).toBeTruthy();
	});

	it("is fully shown when it is short, with nothing to ask for", async () => {
		await renderThread(longChat(3));
		expect(screen.getByText("Question 1")).toBeTruthy();
		expect(screen.queryByRole("button", { name: /^Show earlier messages/ })).toBeNull();
	});

	it("keeps a call that still waits for approval mounted, however old its turn", async () => {
		const script = new EventScript()
			.user("u0", "Read my note")
			.assistant("a0", "Reading it.")
			.propose("a0", "c_old", "readNote", { path: "Old.md" });
		const { service, user } = await renderThread(longChat(TURNS, script));
		const card = screen.getByRole("group", { name: "Read Old.md" });
		await user.click(within(card).getByRole("button", { name: /^Run:/ }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c_old"], denied: [] }]);
		expect(screen.getByText("Question 1")).toBeTruthy(); // its turn onwards is mounted
	});

	it("keeps the earlier turns it mounted while new messages arrive", async () => {
		const { service, user } = await renderThread(longChat(TURNS));
		await user.click(screen.getByRole("button", { name: /^Show earlier messages/ }));
		const log = screen.getByRole("log");
		const mounted = within(log).getAllByText(/^Question \d+$/).length;
		act(() => {
			for (let n = TURNS + 1; n <= TURNS + 10; n++) {
				service.push(
					"thread_1",
					{ type: "user_message", messageId: `u${n}`, content: `Question ${n}`, pinned: [] },
					{ type: "assistant_message_started", messageId: `a${n}` },
					{ type: "assistant_token", messageId: `a${n}`, text: `Answer ${n}` },
					{ type: "assistant_message_completed", messageId: `a${n}`, finishReason: "stop" },
				);
			}
		});
		expect(await screen.findByText(`Answer ${TURNS + 10}`)).toBeTruthy();
		expect(within(log).getAllByText(/^Question \d+$/).length).toBe(mounted + 10);
	});

	it("shows the same turns when mounted again", async () => {
		const service = new FakeThreadService();
		service.addThread("thread_1", longChat(TURNS).events);
		const host = testHost(service);
		const shown = async () => {
			const view = render(<RedlinePane host={host} />);
			const log = await screen.findByRole("log");
			const questions = within(log)
				.getAllByText(/^Question \d+$/)
				.map((el) => el.textContent);
			view.unmount();
			return questions;
		};
		const first = await shown();
		expect(first.length).toBeGreaterThan(0);
		expect(await shown()).toEqual(first);
	});
});
