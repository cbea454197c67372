// @vitest-environment happy-dom
/**
 * The pane on Obsidian on a phone, over the real service (issue 32): the store reads a thread's
 * log only whole, which for a long thread takes seconds, so the pane shows the thread from its
 * stored snapshot while the log is still being read. When the log, once read, no longer matches
 * the snapshot (a sync replaced it), the pane shows what the log says, without an error and
 * without any of the snapshot's items left behind.
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { threadLogKey } from "../../src/log/log";
import { encodeEvents } from "../../src/log/log-codec";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { gatedWholeReads } from "../thread/support/gated-whole-reads";
import { SEALED_TURNS, sealedLongThread } from "../thread/support/sealed-long-thread";
import { readTurns } from "../thread/support/read-turns";
import { makeService } from "../thread/support/service";
import { testHost } from "./support/host";

afterEach(cleanup);

const NEWEST = `turn ${SEALED_TURNS - 1}`;

describe("the pane on a store that reads logs only whole", () => {
	it("shows the thread from its snapshot while the log is read", async () => {
		const { store: inner, threadId } = await sealedLongThread();
		const store = gatedWholeReads(inner);
		store.holdLogOf(threadId);
		const { service } = makeService({ store });
		render(<RedlinePane host={testHost(service)} />);
		expect(await screen.findByText(NEWEST)).toBeTruthy();
		expect(store.logReads).toBe(1);
		store.release();
		await service.close();
	});

	it("replaces the snapshot's view with the log's when the log was rewritten since", async () => {
		const { store: inner, threadId } = await sealedLongThread();
		const log = (await inner.read(threadLogKey(threadId))) ?? "";
		const created = log.slice(0, log.indexOf("\n") + 1);
		await inner.write(threadLogKey(threadId), created + encodeEvents(readTurns(threadId, 2, 3, "synced")));
		const store = gatedWholeReads(inner);
		store.holdLogOf(threadId);
		const { service } = makeService({ store });
		render(<RedlinePane host={testHost(service)} />);
		expect(await screen.findByText(NEWEST)).toBeTruthy();
		store.release();
		expect(await screen.findByText("synced 2")).toBeTruthy();
		await waitFor(() => expect(screen.queryByText(NEWEST)).toBeNull());
		expect(screen.queryByText(/turn \d+/)).toBeNull();
		expect(screen.queryByRole("alert")).toBeNull();
		await service.close();
	});
});
