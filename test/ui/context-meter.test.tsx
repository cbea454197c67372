// @vitest-environment happy-dom
/**
 * The context meter (issue 33) shows what the next request will hold (v1.context.measure), asked
 * for the message box's text: in a new chat before anything is sent, again after a pause in typing
 * and when a chip is pinned; labelled "Next request ≈". A service that cannot tell leaves it on
 * context_measured, "Last request". Used / window, quiet below 80 % of the
 * window and in the warning colour with the words "nearly full" from there; its breakdown opens
 * on focus and on a press and names every part. The `#` picker pins a tag chip for this message,
 * the chip shows its notes' count and tokens from the preview, and a note's chip adds its backlinks.
 */
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import userEvent from "@testing-library/user-event";
import { render } from "@testing-library/react";
import type { NewEvent } from "../../src/log/events";
import type { MeasureParams, NextRequest } from "../../src/thread/context-measure";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";

afterEach(cleanup);

const measured = (tokens: number, window: number): NewEvent => ({
	type: "context_measured",
	tokens,
	window,
	roomBeforeCompaction: 1200,
	parts: { system: 300, tools: 700, instructions: 50, pinned: tokens - 2050, conversation: 600, toolResults: 400 },
});

describe("the context meter", () => {
	it("shows used / window, warns in colour and words from 80 %, and its breakdown opens on focus", async () => {
		const { service } = await renderThread(new EventScript());
		act(() => service.push("thread_1", measured(6000, 10_000)));
		const meter = await screen.findByRole("button", { name: /^Last request 6k \/ 10k \(60%\)$/u });
		expect(meter.closest(".redline-context-meter")?.classList.contains("redline-context-meter-warn")).toBe(false);
		expect(meter.getAttribute("aria-expanded")).toBe("false");
		fireEvent.focus(meter);
		expect(meter.getAttribute("aria-expanded")).toBe("true");
		const breakdown = document.getElementById(meter.getAttribute("aria-controls") ?? "");
		expect(breakdown?.hidden).toBe(false);
		expect(breakdown?.textContent).toContain("Standing instructions50");
		expect(breakdown?.textContent).toContain("Room before compaction1,200");

		act(() => service.push("thread_1", measured(8000, 10_000)));
		const full = await screen.findByRole("button", { name: /^Last request 8k \/ 10k \(80%\) · nearly full$/u });
		expect(full.closest(".redline-context-meter")?.classList.contains("redline-context-meter-warn")).toBe(true);
	});
});

/** An estimate as the service answers it: the parts add up to the total. */
function estimate(pinned: number, conversation: number, window = 10_000): NextRequest {
	const parts = { system: 300, tools: 700, instructions: 50, pinned, conversation, toolResults: 0 };
	return {
		tokens: Object.values(parts).reduce((sum, n) => sum + n, 0),
		window,
		roomBeforeCompaction: 2000,
		parts,
		compactsFirst: false,
	};
}

describe("the context meter's next request", () => {
	it("in a new chat shows the system prompt, tools and instructions before anything is sent, and moves as the message is typed", async () => {
		const service = new FakeThreadService();
		service.measure = (params: MeasureParams) => estimate(0, 6 + (params.draft?.content ?? "").length * 10);
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service, [], null)} />);
		const meter = await screen.findByRole("button", { name: /^Next request ≈ 1.1k \/ 10k \(11%\)$/u });
		expect(service.callsOf("measureContext")[0]).toEqual({ draft: { content: "" } });
		fireEvent.focus(meter);
		const breakdown = document.getElementById(meter.getAttribute("aria-controls") ?? "");
		expect(breakdown?.textContent).toContain("What the next request will hold");
		expect(breakdown?.textContent).toContain("System prompt300");
		expect(breakdown?.textContent).toContain("Tools700");
		expect(breakdown?.textContent).toContain("Standing instructions50");

		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "x".repeat(100));
		await screen.findByRole("button", { name: /^Next request ≈ 2\.1k \/ 10k \(21%\)$/u });
		// Asked after the typing paused, not once a key.
		expect(service.callsOf("measureContext").length).toBeLessThan(20);
		expect(service.callsOf("measureContext").at(-1)).toEqual({ draft: { content: "x".repeat(100) } });
	});

	it("is measured again when a note in the vault changed (the standing instructions grew), with nothing typed", async () => {
		const service = new FakeThreadService();
		let instructions = 50;
		service.measure = () => estimate(0, 6 + instructions);
		const host = testHost(service, [], null);
		render(<RedlinePane host={host} />);
		await screen.findByRole("button", { name: /^Next request ≈ 1\.1k \/ 10k \(11%\)$/u });
		instructions = 300;
		act(() => host.notesChanged());
		await screen.findByRole("button", { name: /^Next request ≈ 1\.4k \/ 10k \(14%\)$/u }, { timeout: 3000 });
	});

	it("moves when a chip is pinned, before sending, and warns from 80 %", async () => {
		let chip = 0;
		const { service } = await renderThread(new EventScript(), {
			prepare: (s) => (s.measure = () => estimate(chip, 650)),
		});
		await screen.findByRole("button", { name: /^Next request ≈ 1.7k \/ 10k \(17%\)$/u });
		chip = 6300;
		act(() => service.push("thread_1", { type: "item_pinned", item: { folder: "Archive", scope: "message" } }));
		const full = await screen.findByRole("button", { name: /^Next request ≈ 8k \/ 10k \(80%\) · nearly full$/u });
		expect(full.closest(".redline-context-meter")?.classList.contains("redline-context-meter-warn")).toBe(true);
		expect(service.callsOf("measureContext").at(-1)).toEqual({ threadId: "thread_1", draft: { content: "" } });
		// A request made since does not hide the estimate: the meter is about the next one.
		act(() => service.push("thread_1", measured(3000, 10_000)));
		await waitFor(() => expect(screen.getByRole("button", { name: /^Next request ≈ 8k/u })).toBeTruthy());
	});
});

describe("set chips in the composer", () => {
	it("# picks a tag for this message, and its chip shows the notes it adds with +N more", async () => {
		const { service, user } = await renderThread(new EventScript(), { notes: ["Plan.md"] });
		service.previews.set("plan", {
			item: { tag: "plan" },
			total: 5,
			notes: ["A", "B", "C", "D", "E"].map((n) => ({ path: `${n}.md`, tokens: 120 })),
			listed: [],
			tokens: 640,
		});
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "about #plan");
		await screen.findByRole("option", { name: "#plan" });
		await user.keyboard("{Enter}");
		expect(service.callsOf("pinItem")).toEqual([
			{ threadId: "thread_1", operation: "pin", pinnedItem: { tag: "plan", scope: "message" } },
		]);
		act(() => service.push("thread_1", { type: "item_pinned", item: { tag: "plan", scope: "message" } }));
		await screen.findByText("5 notes · 640 tokens");
		expect(screen.getByText("for this message")).toBeTruthy();
		const more = screen.getByRole("button", { name: "+2 more" });
		await user.click(more);
		await waitFor(() => expect(screen.getByRole("list", { name: "Notes tag #plan adds" }).children).toHaveLength(5));
	});
});
