// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { IDLE_STATUS, type IndexStatus, type IndexStatusFeed } from "../../src/search/index-status";
import { CAPPED_TEXT, IndexProgress } from "../../src/ui/components/IndexProgress";

afterEach(cleanup);

function feed(): IndexStatusFeed & { send(status: Partial<IndexStatus>): void; watchers: number } {
	const listeners = new Set<(status: IndexStatus) => void>();
	return {
		watchers: 0,
		watch(listener) {
			this.watchers++;
			listeners.add(listener);
			listener(IDLE_STATUS);
			return () => listeners.delete(listener);
		},
		send(status) {
			for (const listener of listeners) listener({ ...IDLE_STATUS, ...status });
		},
	};
}

describe("the index progress line", () => {
	it("watches the feed when it mounts, which starts the index", () => {
		const f = feed();
		render(<IndexProgress feed={f} />);
		expect(f.watchers).toBe(1);
	});

	it("counts notes while indexing, then goes away when the index is ready", () => {
		const f = feed();
		render(<IndexProgress feed={f} />);
		act(() => f.send({ phase: "indexing", done: 4200, of: 10000 }));
		const bar = screen.getByRole("progressbar", { name: "Indexing notes" });
		expect(bar.textContent).toBe("Indexing notes… 4,200 / 10,000");
		expect(bar.getAttribute("aria-valuenow")).toBe("4200");
		act(() => f.send({ phase: "ready", done: 10000, of: 10000 }));
		expect(screen.queryByRole("progressbar")).toBeNull();
		expect(document.body.textContent).toBe("");
	});

	it("says when notes could not be read", () => {
		const f = feed();
		render(<IndexProgress feed={f} />);
		act(() => f.send({ phase: "ready", unreadable: 2 }));
		expect(screen.getByText("2 notes could not be read for search.")).toBeTruthy();
	});

	it("counts the saved notes loaded so far on a warm start, and says when the mobile memory cap was reached", () => {
		const f = feed();
		render(<IndexProgress feed={f} />);
		act(() => f.send({ phase: "loading", indexed: 3000, total: 10000 }));
		expect(document.body.textContent).toBe("Loading the search index… 3,000 / 10,000");
		act(() => f.send({ phase: "ready", capped: true }));
		expect(document.body.textContent).toBe(CAPPED_TEXT);
	});
});
