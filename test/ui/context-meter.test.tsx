// @vitest-environment happy-dom
/**
 * The context meter (issue 33) reads context_measured: used / window, quiet below 80 % of the
 * window and in the warning colour with the words "nearly full" from there; its breakdown opens
 * on focus and on a press and names every part. The `#` picker pins a tag chip for this message,
 * the chip shows its notes' count and tokens from the preview, and a note's chip adds its backlinks.
 */
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NewEvent } from "../../src/log/events";
import { EventScript } from "./support/events";
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
		const meter = await screen.findByRole("button", { name: /^Context 6k \/ 10k \(60%\)$/u });
		expect(meter.closest(".redline-context-meter")?.classList.contains("redline-context-meter-warn")).toBe(false);
		expect(meter.getAttribute("aria-expanded")).toBe("false");
		fireEvent.focus(meter);
		expect(meter.getAttribute("aria-expanded")).toBe("true");
		const breakdown = document.getElementById(meter.getAttribute("aria-controls") ?? "");
		expect(breakdown?.hidden).toBe(false);
		expect(breakdown?.textContent).toContain("Standing instructions50");
		expect(breakdown?.textContent).toContain("Room before compaction1,200");

		act(() => service.push("thread_1", measured(8000, 10_000)));
		const full = await screen.findByRole("button", { name: /^Context 8k \/ 10k \(80%\) · nearly full$/u });
		expect(full.closest(".redline-context-meter")?.classList.contains("redline-context-meter-warn")).toBe(true);
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
