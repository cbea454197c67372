// @vitest-environment happy-dom
/** "Check connection" in the pane: the error banner runs it, and a failed check leaves a one-line hint. */
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ConnectionHost } from "../../src/ui/host";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** A host check whose outcome the test decides. */
function fakeConnection(outcome: string | null): ConnectionHost & { runs: number } {
	const listeners = new Set<() => void>();
	let failure: string | null = null;
	let running = false;
	const notify = (): void => {
		for (const listener of listeners) listener();
	};
	const connection = {
		runs: 0,
		lastFailure: () => failure,
		running: () => running,
		onChange(listener: () => void) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		async checkAll() {
			connection.runs++;
			running = true;
			notify();
			await new Promise((resolve) => setTimeout(resolve, 10));
			failure = outcome;
			running = false;
			notify();
		},
	};
	return connection;
}

function failedTurn(): EventScript {
	const s = new EventScript().user("m1", "hi");
	s.add({ type: "error", message: "The model server does not know this model or URL (404).", retryable: false });
	s.status("error");
	return s;
}

describe("Check connection in the pane", () => {
	it("runs from the error banner and leaves the failure as a one-line hint, with a link to settings", async () => {
		const connection = fakeConnection(
			"Main model, endpoint and key: No chat-completions route. Set Base URL to http://localhost:11434/v1.",
		);
		const { user, host } = await renderThread(failedTurn(), { connection });
		expect(screen.queryByRole("status", { name: /connection check/i })).toBeNull();
		await user.click(screen.getByRole("button", { name: "Check connection" }));
		await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
		expect(connection.runs).toBe(1);
		const hint = document.querySelector(".redline-connection-hint");
		expect(hint?.textContent).toContain(
			"Last connection check: Main model, endpoint and key: No chat-completions route. Set Base URL to http://localhost:11434/v1.",
		);
		expect(document.querySelector(".redline-check-outcome")?.textContent).toMatch(
			/^Connection check: Main model, endpoint and key/,
		);
		await user.click(screen.getByRole("button", { name: "Open Redline settings for the connection check" }));
		expect(host.settingsOpened).toBe(1);
	});

	it("says so in the banner when both models pass, and shows no hint", async () => {
		const connection = fakeConnection(null);
		const { user } = await renderThread(failedTurn(), { connection });
		await user.click(screen.getByRole("button", { name: "Check connection" }));
		await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
		expect(document.querySelector(".redline-check-outcome")?.textContent).toBe(
			"Both models passed the connection check.",
		);
		expect(document.querySelector(".redline-connection-hint")).toBeNull();
	});

	it("offers no check where the host has none", async () => {
		await renderThread(failedTurn());
		expect(screen.queryByRole("button", { name: "Check connection" })).toBeNull();
	});
});
