// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NewEvent } from "../../src/log/events";
import { setRenderProbe } from "../../src/ui/render-probe";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(() => {
	setRenderProbe(null);
	cleanup();
});

/** Records every render the pane's stream items report, as "Component:key". */
function recordRenders(): string[] {
	const renders: string[] = [];
	setRenderProbe((component, key) => renders.push(`${component}:${key}`));
	return renders;
}

function finishedThread(): EventScript {
	const s = new EventScript().user("m1", "Read my daily note").assistant("a1", "Reading it now.");
	s.propose("a1", "c1", "readNote", { path: "Daily.md" })
		.decide("c1", "approved")
		.run("c1", { status: "success", message: "Daily.md: 3 lines" });
	s.assistant("a2", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c2",
		path: "Daily.md",
		operation: "modify",
		description: "Remove all headings",
	});
	s.propose("a2", "c2", "declareEditIntent", { path: "Daily.md" })
		.decide("c2", "approved")
		.run("c2", { status: "success", message: "Edited", data: { diff: "" } });
	s.assistant("a3", "Done: the headings are gone.").status("idle");
	return s;
}

function tokens(messageId: string, count: number, from = 0): NewEvent[] {
	return Array.from({ length: count }, (_, i) => ({
		type: "assistant_token" as const,
		messageId,
		text: ` t${from + i}`,
	}));
}

describe("streaming", () => {
	it("finished messages and cards do not re-render while a new message streams", async () => {
		const { service } = await renderThread(finishedThread());
		const renders = recordRenders();
		act(() =>
			service.push(
				"thread_1",
				{ type: "user_message", messageId: "m2", content: "And now?", pinned: [] },
				{ type: "assistant_message_started", messageId: "a4" },
			),
		);
		for (let batch = 0; batch < 5; batch++) {
			await act(async () => {
				service.push("thread_1", ...tokens("a4", 10, batch * 10));
				await new Promise((resolve) => window.requestAnimationFrame(resolve));
			});
		}
		await waitFor(() => expect(screen.getByText(/ t49$/)).toBeTruthy());
		expect(renders.length).toBeGreaterThan(0);
		expect(renders.filter((render) => render !== "AssistantMessage:a4")).toEqual([]);
	});

	it("coalesces a burst of tokens into one render of the streaming message", async () => {
		const { service } = await renderThread(new EventScript().user("m1", "Hello").assistant("a1", "Hi", false));
		const renders = recordRenders();
		await act(async () => {
			service.push("thread_1", ...tokens("a1", 200));
			await new Promise((resolve) => window.requestAnimationFrame(resolve));
		});
		await waitFor(() => expect(screen.getByText(/ t199$/)).toBeTruthy());
		expect(renders).toEqual(["AssistantMessage:a1"]);
	});

	it("renders a replayed history once, at the caught-up marker", async () => {
		const renders = recordRenders();
		await renderThread(finishedThread());
		await act(async () => {});
		// Each message and card renders once, not once per event that touched it.
		expect(renders.filter((render) => render === "AssistantMessage:a1")).toEqual(["AssistantMessage:a1"]);
		expect(renders.filter((render) => render.startsWith("EditCard:"))).toEqual(["EditCard:e1"]);
		expect(renders.filter((render) => render.startsWith("ToolCallCard:"))).toEqual(["ToolCallCard:c1"]);
	});
});
