/**
 * The crash harness (issue 13, "go after the class"). It plays a scripted turn through the whole
 * stack (createRedline: the real runner, tools, note history, and the real ChatOpenAI over HTTP
 * against the scripted model server) and, at every event boundary, takes what a process killed
 * right there would leave: inside the subscriber that receives event k, a copy of the store and
 * of the notes, as they are at that instant (later writes never happened; a write not yet done,
 * such as a note write in flight, is lost too). Each of those is a crash case: a new stack opens
 * over it, the reopened thread is checked, and (for some cases) the user goes on (approves the
 * cards, answers, Retries) and the end is checked.
 *
 * Store faults combine with it: a turn played over a FaultyStore (writes failing, torn or slow)
 * gives its own crash cases.
 *
 * The checks are the property of the issue: the reopened thread is valid, no event the user saw
 * is missing unless it was never saved, seqs strictly increase and are never reused, no
 * approved-but-unrun write runs without a fresh decision, and each note agrees with the log
 * (changed exactly when the log has an edit_applied for it).
 */
import { afterAll, beforeAll, expect, vi } from "vitest";
import { createRedline } from "../../../src/redline";
import type { Redline } from "../../../src/redline";
import { messageText, startModelServer } from "../../../src/sandbox/model-server";
import type { ModelServer, RecordedRequest, ScriptedReply } from "../../../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../../../src/settings";
import type { RedlineSettings } from "../../../src/settings";
import { MemoryStore, type StoredValue } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import type { StoredEvent } from "../../../src/log/events";
import { parseLog } from "../../../src/log/log-codec";
import { threadLogKey } from "../../../src/log/log";
import { project } from "../../../src/log/projection";
import type { ThreadService } from "../../../src/thread/service-api";
import type { ThreadState } from "../../../src/log/state";
import { MemoryVault } from "../../../src/vault/memory-vault";
import { FaultyStore } from "../../support/faulty-store";
import { sleep } from "../../../src/node/timers";
import { yamlLibraryCodec } from "../../../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../../../src/search/text-catalog";

/** What a kill at one event boundary leaves. */
export interface CrashPoint {
	scenario: Scenario;
	threadId: string;
	/** Events the user saw, up to and including the one at this boundary. */
	seen: StoredEvent[];
	store: Record<string, StoredValue>;
	notes: Record<string, string | Uint8Array>;
}

export interface Scenario {
	name: string;
	notes: Record<string, string>;
	request: string;
	/** The main model's reply to the user's message (its calls). */
	calls: ScriptedReply;
}

/** The three scripted turns: an edit, a batch of three calls, a question. */
export const SCENARIOS: readonly Scenario[] = [
	{
		name: "an edit",
		notes: { "A.md": "# Plan\n\nalpha\n" },
		request: "Add a line to A",
		calls: {
			text: "I will add it.",
			toolCalls: [
				{
					id: "edit",
					name: "declareEditIntent",
					arguments: { path: "A.md", operation: "modify", description: "add a line" },
				},
			],
		},
	},
	{
		name: "a batch of three calls",
		notes: { "A.md": "alpha\n", "B.md": "beta\n" },
		request: "Tidy A and B",
		calls: {
			toolCalls: [
				{ id: "read", name: "readNote", arguments: { path: "A.md" } },
				{
					id: "editA",
					name: "declareEditIntent",
					arguments: { path: "A.md", operation: "rewrite", description: "tidy A" },
				},
				{
					id: "editB",
					name: "declareEditIntent",
					arguments: { path: "B.md", operation: "rewrite", description: "tidy B" },
				},
			],
		},
	},
	{
		name: "a question",
		notes: { "A.md": "alpha\n" },
		request: "Set it up",
		calls: {
			toolCalls: [
				{
					id: "ask",
					name: "askUser",
					arguments: { questions: [{ question: "Which mode?", options: ["Fast", "Careful"] }] },
				},
			],
		},
	},
];

function isMain(request: RecordedRequest): boolean {
	return (request.body.tools?.length ?? 0) > 0;
}

/**
 * One stateless script for every case, so cases can share a server: the main model proposes the
 * scenario's calls to a user message and closes with a short text once it has its results; the
 * apply model adds a line to the note it is sent.
 */
function answer(request: RecordedRequest): ScriptedReply {
	const messages = request.body.messages;
	if (!isMain(request)) {
		const prompt = messages.map(messageText).join("\n");
		const note = /<<<BEGIN>>>\n([\s\S]*?)\n?<<<END>>>/.exec(prompt)?.[1] ?? "";
		return { text: `${note.trimEnd()}\nadded by Redline\n` };
	}
	const last = messages[messages.length - 1];
	if (last?.role !== "user") return { text: "Done." };
	const request_ = messageText(last);
	const scenario = SCENARIOS.find((s) => request_.startsWith(s.request));
	return scenario ? scenario.calls : { text: "Understood." };
}

/**
 * The model server of a test file, started before its tests and closed after them; console.warn
 * is muted meanwhile (saving fails on purpose in these runs, and each failure warns).
 */
export function useCrashServer(): () => ModelServer {
	let server: ModelServer | undefined;
	beforeAll(async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		server = await startModelServer({ script: answer });
	});
	afterAll(async () => {
		vi.restoreAllMocks();
		await server?.close();
	});
	return () => {
		if (!server) throw new Error("the crash model server starts in beforeAll");
		return server;
	};
}

function settingsFor(server: ModelServer): RedlineSettings {
	// The crash tests walk the plan flow (the intent approved, then written): "ask me about the plan
	// first". Review before write has its own restart and crash tests (test/agent/runner.review.test.ts).
	return {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
		editReview: "plan",
	};
}

function build(server: ModelServer, vault: MemoryVault, store: Store): Promise<Redline> {
	const settings = settingsFor(server);
	return createRedline({
		yaml: yamlLibraryCodec,
		vault,
		noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
		store,
		settings: () => settings,
		credentials: () => ({}),
		protectedFolders: [],
	});
}

/** The drive starts a microtask after the call returns: wait for it to start, then to end. */
async function settled(service: Redline["service"], threadId: string): Promise<void> {
	await sleep(0);
	await service.idle(threadId);
}

function eventsOf(service: ThreadService, threadId: string): Promise<StoredEvent[]> {
	return new Promise((resolve, reject) => {
		const events: StoredEvent[] = [];
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			else if (message.kind === "caught_up") {
				queueMicrotask(() => sub.close());
				resolve(events);
			} else reject(new Error(message.error.message));
		});
	});
}

/** How the user plays the turn: approve everything, deny the first card, or write instead. */
export type UserPlan = "approve" | "deny first" | "never mind";

/** One step of what the user does next, or false when nothing waits for them. */
async function userGoesOn(
	service: Redline["service"],
	threadId: string,
	state: ThreadState,
	plan: UserPlan,
): Promise<boolean> {
	const waiting = state.pendingApprovals.length > 0 || state.openQuestions.length > 0;
	if (waiting && plan === "never mind" && !state.messages.some((m) => m.kind === "user" && m.content === NEVER_MIND)) {
		await service.sendMessage({ threadId, content: NEVER_MIND });
	} else if (state.pendingApprovals.length > 0) {
		const [first = "", ...rest] = state.pendingApprovals;
		const approved = plan === "deny first" ? rest : [first, ...rest];
		await service.decideToolCalls({
			threadId,
			approved,
			denied: plan === "deny first" ? [first] : [],
			comment: "Not this one",
		});
	} else if (state.openQuestions.length > 0) {
		await service.answerQuestion({ threadId, askId: state.openQuestions[0] ?? "", answers: { 0: ["Careful"] } });
	} else if (state.status === "error" && state.errors.at(-1)?.retryable) {
		await service.retry({ threadId });
	} else return false;
	await settled(service, threadId);
	return true;
}

const NEVER_MIND = "Never mind, leave it";
const MAX_USER_STEPS = 8;

/**
 * Plays the scenario's turn to its end as the user plan says, over `store` (a FaultyStore with
 * faults armed by `faults` once the thread exists), and returns what a kill at each event
 * boundary of the turn would leave.
 */
export async function recordCrashPoints(
	server: ModelServer,
	scenario: Scenario,
	plan: UserPlan,
	faults?: (store: FaultyStore) => void,
): Promise<CrashPoint[]> {
	const vault = new MemoryVault("Crash vault", scenario.notes);
	const store = new FaultyStore();
	const redline = await build(server, vault, store);
	const points: CrashPoint[] = [];
	try {
		const created = await redline.service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		const seen: StoredEvent[] = [];
		const sub = redline.service.subscribe({ threadId }, (message) => {
			if (message.kind !== "event") return;
			seen.push(message.event);
			if (seen.length > 1)
				points.push({ scenario, threadId, seen: [...seen], store: store.inner.snapshot(), notes: vault.snapshot() });
		});
		faults?.(store);
		await redline.service.sendMessage({ threadId, content: scenario.request });
		await settled(redline.service, threadId);
		for (let step = 0; step < MAX_USER_STEPS; step++) {
			if (
				!(await userGoesOn(
					redline.service,
					threadId,
					project(threadId, await eventsOf(redline.service, threadId)),
					plan,
				))
			)
				break;
		}
		sub.close();
	} finally {
		await redline.dispose();
	}
	return points;
}

export interface CrashCheck {
	/** The crash also tore the line being written: half a line is left at the end of the log. */
	tornTail?: boolean;
	/** After the checks on reopening, the user goes on to the end of the turn (more checks). */
	goOn?: UserPlan;
}

/** A new stack (a restarted process) over what the crash left. */
export async function reopenCrashed(
	server: ModelServer,
	point: CrashPoint,
): Promise<{ redline: Redline; vault: MemoryVault }> {
	const vault = new MemoryVault("Crash vault", point.notes);
	return { redline: await build(server, vault, new MemoryStore(point.store)), vault };
}

/** Opens a new stack over what the crash left, and checks the property (see the header). */
export async function checkCrash(server: ModelServer, point: CrashPoint, check: CrashCheck = {}): Promise<void> {
	const { threadId, scenario } = point;
	const disk = { ...point.store };
	const key = threadLogKey(threadId);
	// A thread's log is text (only the search index's chunks are bytes).
	const logText = (): string => {
		const value = disk[key];
		return typeof value === "string" ? value : "";
	};
	if (check.tornTail)
		disk[key] =
			logText() + `{"seq":${(point.seen.at(-1)?.seq ?? 0) + 1},"threadId":"${threadId}","at":"x","type":"assistant_tok`;
	const persisted = parseLog(threadId, logText()).events;
	const { redline, vault } = await reopenCrashed(server, { ...point, store: disk });
	try {
		const reopened = await eventsOf(redline.service, threadId);
		checkReopened({
			threadId,
			seen: point.seen,
			persisted,
			reopened,
			initial: scenario.notes,
			notes: vault.snapshot(),
			notesAtKill: point.notes,
		});
		if (!check.goOn) return;
		let state = project(threadId, reopened);
		for (let step = 0; step < MAX_USER_STEPS; step++) {
			if (!(await userGoesOn(redline.service, threadId, state, check.goOn))) break;
			state = project(threadId, await eventsOf(redline.service, threadId));
		}
		checkFinal({
			threadId,
			persisted,
			final: await eventsOf(redline.service, threadId),
			initial: scenario.notes,
			notes: vault.snapshot(),
		});
	} finally {
		await redline.dispose();
	}
}

/**
 * The checks collect what is wrong as sentences and assert once that nothing is: a failure names
 * every broken rule of the case (and hundreds of cases stay cheap).
 */
type Problems = string[];

/** What every log must satisfy: seqs strictly increase; waiting states have something waiting. */
function checkValid(threadId: string, events: readonly StoredEvent[], problems: Problems): ThreadState {
	for (let i = 1; i < events.length; i++) {
		const [before, after] = [events[i - 1]?.seq ?? 0, events[i]?.seq ?? 0];
		if (after <= before) problems.push(`seq ${after} follows ${before}`);
	}
	const state = project(threadId, events);
	for (const callId of state.pendingApprovals)
		if (state.toolCalls[callId]?.phase !== "proposed") problems.push(`pending call ${callId} is not proposed`);
	if (state.status === "waiting_for_approval" && state.pendingApprovals.length === 0)
		problems.push("waiting for approval, but no card waits");
	if (state.status === "waiting_for_answer" && state.openQuestions.length === 0)
		problems.push("waiting for an answer, but no question is open");
	return state;
}

/** Paths whose note differs from the start ⇔ paths with an edit_applied in the log. */
type Notes = Record<string, string | Uint8Array>;

function checkNotesAgree(events: readonly StoredEvent[], initial: Notes, notes: Notes, problems: Problems): void {
	const paths = new Set([...Object.keys(initial), ...Object.keys(notes)]);
	const changed = [...paths].filter((path) => initial[path] !== notes[path]).sort();
	const applied = [
		...new Set(events.filter((e) => e.type === "edit_applied").map((e) => (e as { path: string }).path)),
	].sort();
	if (changed.join() !== applied.join())
		problems.push(`notes changed: [${changed.join(", ")}], but the log says edited: [${applied.join(", ")}]`);
}

function sameEvent(a: StoredEvent, b: StoredEvent): boolean {
	return JSON.stringify({ ...a, at: "" }) === JSON.stringify({ ...b, at: "" });
}

function checkReopened(c: {
	threadId: string;
	seen: readonly StoredEvent[];
	persisted: readonly StoredEvent[];
	reopened: readonly StoredEvent[];
	initial: Notes;
	notes: Notes;
	notesAtKill: Notes;
}): void {
	const problems: Problems = [];
	const state = checkValid(c.threadId, c.reopened, problems);
	// Everything saved is there, as it was saved, and as the user saw it.
	const seenBySeq = new Map(c.seen.map((e) => [e.seq, e]));
	c.persisted.forEach((event, i) => {
		const reopened = c.reopened[i];
		if (!reopened || JSON.stringify(reopened) !== JSON.stringify(event))
			problems.push(`saved event ${event.seq} (${event.type}) is not in the reopened log as saved`);
		const live = seenBySeq.get(event.seq);
		if (live && !sameEvent(live, event)) problems.push(`saved event ${event.seq} differs from what the user saw`);
	});
	// Nothing after the saved part reuses a seq the user saw.
	const maxSeen = Math.max(0, ...c.seen.map((e) => e.seq));
	for (const event of c.reopened.slice(c.persisted.length))
		if (event.seq <= maxSeen) problems.push(`recovery event ${event.seq} reuses a seq the user saw (up to ${maxSeen})`);
	// Reopening settles everything that was in flight, and writes no note.
	if (JSON.stringify(c.notes) !== JSON.stringify(c.notesAtKill)) problems.push("reopening changed a note");
	if (state.status === "thinking" || state.status === "running_tool")
		problems.push(`reopened with status ${state.status}`);
	for (const message of state.messages)
		if (message.kind === "assistant" && message.streaming) problems.push(`reply ${message.messageId} still streaming`);
	for (const call of Object.values(state.toolCalls)) {
		// An approved call may wait with its batch while a card waits: the user's decision on the
		// card releases them (a fresh decision). With no card waiting, it would run by itself.
		if (call.phase === "approved" && state.pendingApprovals.length === 0)
			problems.push(`call ${call.callId} still approved but not run: it would run without a fresh decision`);
		if (call.phase === "running" && call.askId === undefined) problems.push(`call ${call.callId} still running`);
	}
	checkNotesAgree(c.reopened, c.initial, c.notes, problems);
	expect(problems, "after reopening").toEqual([]);
}

function checkFinal(c: {
	threadId: string;
	persisted: readonly StoredEvent[];
	final: readonly StoredEvent[];
	initial: Notes;
	notes: Notes;
}): void {
	const problems: Problems = [];
	const state = checkValid(c.threadId, c.final, problems);
	// An approved call that had not started when the process died never starts: it needed a fresh decision.
	const started = (events: readonly StoredEvent[]) =>
		new Set(events.filter((e) => e.type === "tool_call_started").map((e) => (e as { callId: string }).callId));
	const startedBefore = started(c.persisted);
	const startedAfter = started(c.final.slice(c.persisted.length));
	for (const call of Object.values(project(c.threadId, c.persisted).toolCalls)) {
		if (call.phase === "approved" && !startedBefore.has(call.callId) && startedAfter.has(call.callId))
			problems.push(`stale approved call ${call.callId} ran after the restart`);
	}
	if (state.status !== "idle")
		problems.push(`the turn ended ${state.status} (last error: ${state.errors.at(-1)?.message ?? "none"})`);
	checkNotesAgree(c.final, c.initial, c.notes, problems);
	expect(problems, "at the end of the turn").toEqual([]);
}
