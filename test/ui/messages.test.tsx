// @vitest-environment happy-dom
/**
 * Messages as assistive technology meets them, and what a cut-off or failed reply leaves: each
 * message is named ("You", "Redline"); the streaming cursor is not text; the chat's live region
 * hears the finished reply once, not every chunk (the reply is not rendered again per chunk); a
 * stopped reply says "Stopped" from the log, also after a reload; Retry replaces the error box.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const frame = () => new Promise((resolve) => window.requestAnimationFrame(resolve));

describe("messages", () => {
	it("are named for assistive technology: You and Redline", async () => {
		await renderThread(new EventScript().user("m1", "Hello").assistant("a1", "Hi there.").status("idle"));
		expect(within(screen.getByRole("article", { name: "You" })).getByText("Hello")).toBeTruthy();
		// A finished reply is rendered as Markdown after mount: wait for it (a busy machine is slower).
		await waitFor(() => expect(screen.getByRole("article", { name: "Redline" }).textContent).toBe("Hi there."));
	});

	it("while streaming, grow in a part of the chat that is not live, with the cursor hidden, and render once complete", async () => {
		const { service, host } = await renderThread(new EventScript().user("m1", "Hello").assistant("a1", "One", false));
		const rendered: string[] = [];
		const render = host.renderMarkdown.bind(host);
		host.renderMarkdown = (el, markdown, source) => {
			rendered.push(markdown);
			return render(el, markdown, source);
		};
		const reply = screen.getByRole("article", { name: "Redline" });
		const body = reply.querySelector(".redline-markdown")!;
		const cursor = reply.querySelector(".redline-cursor")!;
		expect(cursor.textContent).toBe("▍");
		expect(cursor.getAttribute("aria-hidden")).toBe("true");
		expect(body.getAttribute("aria-live")).toBe("off");
		expect(body.getAttribute("aria-busy")).toBe("true");
		const firstPiece = body.firstChild;
		for (const text of [" two", " three"]) {
			await act(async () => {
				service.push("thread_1", { type: "assistant_token", messageId: "a1", text });
				await frame();
			});
		}
		await waitFor(() => expect(body.textContent).toBe("One two three"));
		// Appended, not rendered again: the first piece is still the same node, nothing was rendered.
		expect(body.firstChild).toBe(firstPiece);
		expect(body.childNodes.length).toBe(3);
		expect(rendered).toEqual([]);
		await act(async () => {
			service.push("thread_1", { type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
			await frame();
		});
		await waitFor(() => expect(rendered).toEqual(["One two three"]));
		expect(body.hasAttribute("aria-live")).toBe(false);
		expect(body.hasAttribute("aria-busy")).toBe(false);
		expect(reply.querySelector(".redline-cursor")).toBeNull();
		expect(reply.textContent).toBe("One two three");
	});

	it("a reply cut off by Stop says Stopped, from the log, after a reload too", async () => {
		const s = new EventScript().user("m1", "Write a poem").assistant("a1", "Roses are", false);
		s.add({ type: "assistant_message_completed", messageId: "a1", finishReason: "aborted" });
		s.status("idle");
		const first = await renderThread(s);
		const stopped = () => screen.getByRole("article", { name: "Redline" });
		expect(within(stopped()).getByText("Stopped")).toBeTruthy();
		await waitFor(() => expect(stopped().textContent).toBe("Roses areStopped"));
		first.view.unmount();
		await renderThread(s);
		expect(within(stopped()).getByText("Stopped")).toBeTruthy();
	});

	it("a reply stopped before its first word still says Stopped; a whole reply says nothing more", async () => {
		const s = new EventScript().user("m1", "Write a poem").assistant("a1", "", false);
		s.add({ type: "assistant_message_completed", messageId: "a1", finishReason: "aborted" });
		s.user("m2", "Hi").assistant("a2", "Hello.").status("idle");
		await renderThread(s);
		await waitFor(() =>
			expect(screen.getAllByRole("article", { name: "Redline" }).map((reply) => reply.textContent)).toEqual([
				"Stopped",
				"Hello.",
			]),
		);
	});

	it("a reply a restart cut off says Interrupted", async () => {
		const s = new EventScript().user("m1", "Hi").assistant("a1", "Half a", false);
		s.add({ type: "assistant_message_completed", messageId: "a1", finishReason: "interrupted" });
		await renderThread(s);
		expect(within(screen.getByRole("article", { name: "Redline" })).getByText("Interrupted")).toBeTruthy();
	});
});

describe("errors", () => {
	function failedTurn(): EventScript {
		const s = new EventScript().user("m1", "Hi");
		s.add({ type: "error", message: "Couldn't reach http://127.0.0.1:9/v1 (connection refused).", retryable: true });
		return s.status("error");
	}

	it("Retry replaces the error box: a retry that fails again shows one box, not two", async () => {
		const { service } = await renderThread(failedTurn());
		const user = userEvent.setup();
		expect(screen.getAllByRole("alert")).toHaveLength(1);
		await user.click(screen.getByRole("button", { name: "Retry" }));
		expect(service.callsOf("retry")).toEqual([{ threadId: "thread_1" }]);
		// The retry, as the service runs it: thinking, a failed attempt, the same error again.
		await act(async () => {
			service.push(
				"thread_1",
				{ type: "status", status: "thinking" },
				{ type: "error", message: "Couldn't reach http://127.0.0.1:9/v1 (connection refused).", retryable: true },
				{ type: "status", status: "error" },
			);
			await frame();
		});
		await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(1));
		expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
	});

	it("a retry that succeeds replaces the error box with the reply", async () => {
		const { service } = await renderThread(failedTurn());
		await act(async () => {
			service.push(
				"thread_1",
				{ type: "status", status: "thinking" },
				{ type: "assistant_message_started", messageId: "a1" },
				{ type: "assistant_token", messageId: "a1", text: "Hello." },
				{ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" },
				{ type: "status", status: "idle" },
			);
			await frame();
		});
		await waitFor(() => expect(screen.getByRole("article", { name: "Redline" }).textContent).toBe("Hello."));
		expect(screen.queryByRole("alert")).toBeNull();
	});

	it("an error of an earlier turn stays where it happened", async () => {
		const s = failedTurn().user("m2", "Hello again").assistant("a2", "Hi.").status("idle");
		await renderThread(s);
		expect(
			screen.getAllByRole("alert").map((alert) => alert.querySelector(".redline-error-message")?.textContent),
		).toEqual(["Couldn't reach http://127.0.0.1:9/v1 (connection refused)."]);
		expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
	});
});
