import { describe, expect, it } from "vitest";
import { PaneRequests } from "../../src/obsidian/pane-requests";
import type { PaneRequest } from "../../src/ui/host";

describe("pane requests", () => {
	it("delivers a request to every open pane", () => {
		const requests = new PaneRequests();
		const a: PaneRequest[] = [];
		const b: PaneRequest[] = [];
		requests.subscribe((r) => a.push(r));
		requests.subscribe((r) => b.push(r));
		requests.send({ kind: "pin", path: "Daily.md" });
		expect(a).toEqual([{ kind: "pin", path: "Daily.md" }]);
		expect(b).toEqual(a);
	});

	it("keeps a request made while the pane is still opening for the first pane that listens", () => {
		const requests = new PaneRequests();
		requests.send({ kind: "new-chat" });
		const got: PaneRequest[] = [];
		requests.subscribe((r) => got.push(r));
		expect(got).toEqual([{ kind: "new-chat" }]);
		const later: PaneRequest[] = [];
		requests.subscribe((r) => later.push(r));
		expect(later).toEqual([]);
	});

	it("stops delivering after unsubscribe, and forgets everything on clear", () => {
		const requests = new PaneRequests();
		const got: PaneRequest[] = [];
		const stop = requests.subscribe((r) => got.push(r));
		stop();
		requests.send({ kind: "new-chat" });
		expect(got).toEqual([]);
		requests.clear();
		const after: PaneRequest[] = [];
		requests.subscribe((r) => after.push(r));
		expect(after).toEqual([]);
	});
});
