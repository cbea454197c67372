/**
 * The render bench's page script (bundled by esbuild, run in Chromium): mounts the real pane
 * through mountRedlinePane over an in-memory ThreadService holding a recorded thread, and times
 * it with the page's own clock. Exposed as window.redlineBench for the driver (ui-render.bench.ts).
 */
import { renderMarkdownInto } from "../../src/sandbox/page/markdown";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import type { UiHost } from "../../src/ui/host";
import { mountRedlinePane } from "../../src/ui/mount";
import { setRenderProbe } from "../../src/ui/render-probe";
import { FakeThreadService } from "../../test/ui/support/fake-service";
import { lastAssistantId, recordedThread } from "./ui-thread";

export interface ReplayTiming {
	/** performance.now() from mount to the frame after the replayed thread is painted. */
	mountToPaintMs: number;
	/** Messages mounted when painted (a long thread mounts its latest turns first). */
	messages: number;
	/** Messages the thread holds. */
	totalMessages: number;
}

export interface StreamTiming {
	tokens: number;
	frames: number;
	/** Intervals between animation frames while the tokens streamed. */
	frameMs: number[];
	/** Renders of assistant messages other than the streaming one (must stay 0). */
	finishedMessageRenders: number;
	/** Renders of the streaming message: at most one per frame, thanks to coalescing. */
	streamingMessageRenders: number;
}

const THREAD = "bench";

function host(service: FakeThreadService): UiHost {
	return {
		service,
		doc: document,
		renderMarkdown(el, markdown) {
			renderMarkdownInto(el, markdown, () => undefined);
		},
		openNote: () => undefined,
		activeNotePath: () => null,
		onActiveNoteChange: () => () => undefined,
		suggestNotes: () => Promise.resolve([]),
		openSettings: () => undefined,
	};
}

/** Resolves just after the next paint: a task queued from a frame callback runs after that frame. */
function afterNextPaint(): Promise<number> {
	return new Promise((resolve) => {
		window.requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = () => resolve(performance.now());
			channel.port2.postMessage(null);
		});
	});
}

/** Resolves once `ready` holds, checked after every DOM change under `root`. */
function whenReady(root: HTMLElement, ready: () => boolean): Promise<void> {
	return new Promise((resolve) => {
		if (ready()) return resolve();
		const observer = new MutationObserver(() => {
			if (!ready()) return;
			observer.disconnect();
			resolve();
		});
		observer.observe(root, { childList: true, subtree: true, characterData: true });
	});
}

function freshContainer(): HTMLElement {
	document.querySelector(".bench-pane")?.remove();
	const container = document.createElement("div");
	container.className = "bench-pane";
	document.body.append(container);
	return container;
}

/** The last assistant message is in the DOM with its Markdown rendered (effects ran too). */
function painted(container: HTMLElement, messageId: string): () => boolean {
	return () => {
		const last = container.querySelector(`[data-message-id="${CSS.escape(messageId)}"] .redline-markdown`);
		return last !== null && last.childNodes.length > 0;
	};
}

let prepared: { events: number; log: StoredEvent[] } | null = null;

/** Records the thread ahead of time, so the timed call does nothing but mount and render. */
function prepare(events: number): number {
	prepared = { events, log: recordedThread(events, THREAD) };
	return prepared.log.length;
}

function logOf(events: number): StoredEvent[] {
	if (prepared?.events !== events) prepare(events);
	return prepared!.log;
}

async function replay(events: number): Promise<ReplayTiming> {
	const log = logOf(events);
	const lastId = lastAssistantId(log);
	const service = new FakeThreadService();
	service.addThread(THREAD, log, "Bench thread");
	const container = freshContainer();
	performance.mark("redline-replay-start");
	const start = performance.now();
	const pane = mountRedlinePane(container, host(service));
	await whenReady(container, painted(container, lastId));
	const end = await afterNextPaint();
	performance.mark("redline-replay-end");
	const messages = container.querySelectorAll(".redline-message").length;
	pane.unmount();
	const totalMessages = log.filter(
		(event) => event.type === "user_message" || event.type === "assistant_message_started",
	).length;
	return { mountToPaintMs: end - start, messages, totalMessages };
}

/**
 * Mounts the recorded thread, then streams `tokens` tokens into a new message, a few per
 * millisecond (faster than any model, so many land in each frame), timing every frame meanwhile.
 */
async function stream(events: number, tokens: number): Promise<StreamTiming> {
	const log = logOf(events);
	const service = new FakeThreadService();
	service.addThread(THREAD, log, "Bench thread");
	const container = freshContainer();
	const pane = mountRedlinePane(container, host(service));
	await whenReady(container, painted(container, lastAssistantId(log)));
	await afterNextPaint();

	const messageId = "streaming";
	let finishedMessageRenders = 0;
	let streamingMessageRenders = 0;
	setRenderProbe((component, key) => {
		if (component !== "AssistantMessage") return;
		if (key === messageId) streamingMessageRenders++;
		else finishedMessageRenders++;
	});
	service.push(
		THREAD,
		{ type: "user_message", messageId: "u-stream", content: "Summarize my week", pinned: [] },
		{ type: "status", status: "thinking" },
	);
	service.push(THREAD, { type: "assistant_message_started", messageId });

	const frameMs: number[] = [];
	let streaming = true;
	let previous = performance.now();
	const onFrame = (now: number): void => {
		frameMs.push(now - previous);
		previous = now;
		if (streaming) window.requestAnimationFrame(onFrame);
	};
	window.requestAnimationFrame(onFrame);
	performance.mark("redline-stream-start");

	await new Promise<void>((resolve) => {
		let sent = 0;
		const began = performance.now();
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			// Tokens due by now at 2 per millisecond, sent as separate events like a model's stream.
			const due = Math.min(tokens, Math.ceil((performance.now() - began) * 2) + 1);
			const batch: NewEvent[] = [];
			for (; sent < due; sent++)
				batch.push({ type: "assistant_token", messageId, text: sent % 15 === 14 ? "\n\n- word" : " word" });
			service.push(THREAD, ...batch);
			if (sent < tokens) window.setTimeout(() => channel.port2.postMessage(null), 0);
			else resolve();
		};
		channel.port2.postMessage(null);
	});
	service.push(THREAD, { type: "assistant_message_completed", messageId, finishReason: "stop" });
	await afterNextPaint();
	performance.mark("redline-stream-end");
	streaming = false;
	setRenderProbe(null);
	pane.unmount();
	frameMs.shift(); // the first interval started before streaming
	return { tokens, frames: frameMs.length, frameMs, finishedMessageRenders, streamingMessageRenders };
}

export interface RedlineTiming {
	/** performance.now() from mount to the frame after the draft's changes are painted. */
	mountToPaintMs: number;
	/** Changes in the draft, and the entries the card shows before its folded groups. */
	changes: number;
	shown: number;
}

/**
 * Mounts the pane (a new root) over a thread whose last event offers a drafted edit for review,
 * and times it until the card's redline is painted: the path a reload with a waiting draft takes.
 */
async function redline(log: StoredEvent[]): Promise<RedlineTiming> {
	const service = new FakeThreadService();
	const threadId = log[0]?.threadId ?? "thread_1";
	service.addThread(threadId, log, "Review bench");
	const container = freshContainer();
	performance.mark("redline-review-start");
	const start = performance.now();
	const pane = mountRedlinePane(container, host(service));
	await whenReady(container, () => container.querySelector("li[data-change-id] .redline-words") !== null);
	const end = await afterNextPaint();
	performance.mark("redline-review-end");
	const shown = container.querySelectorAll("li[data-change-id]").length;
	const proposed = log.find((event) => event.type === "edit_proposed");
	const changes = proposed && "changes" in proposed && Array.isArray(proposed.changes) ? proposed.changes.length : 0;
	pane.unmount();
	return { mountToPaintMs: end - start, changes, shown };
}

declare global {
	interface Window {
		redlineBench: { prepare: typeof prepare; replay: typeof replay; stream: typeof stream; redline: typeof redline };
	}
}

window.redlineBench = { prepare, replay, stream, redline };
