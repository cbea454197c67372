// @vitest-environment happy-dom
/**
 * Shortcuts for the decision at hand (issue 30). While a card waits, Mod+Enter runs or accepts it
 * and Esc skips it: on the card that has the focus, or, from an empty message box, on the newest
 * waiting card. A message box with text keeps what its keys did before: Enter (with Mod too)
 * sends, and Esc leaves the text alone. A question from the box: Esc skips it; Mod+Enter takes
 * the focus to it, as an answer has to be chosen there. The tooltips name the keys.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { modEnterTitle, modName } from "../../src/ui/decision-keys";
import { draftScript } from "./support/draft-thread";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** "Ctrl" off Apple platforms (happy-dom's navigator is not a Mac's). */
const MOD = "Ctrl";

function twoWaitingReads(): EventScript {
	return new EventScript()
		.user("m1", "What is in my trip notes?")
		.assistant("a1", "Let me look.")
		.propose("a1", "call_old", "readNote", { path: "Travel/Kyoto.md" })
		.propose("a1", "call_new", "readNote", { path: "Travel/Osaka.md" })
		.status("waiting_for_approval");
}

function askScript(): EventScript {
	const s = new EventScript().user("m1", "Plan my trip").assistant("a1", "");
	s.propose("a1", "c_ask", "askUser", {});
	s.decide("c_ask", "approved").run("c_ask");
	s.add({
		type: "question_asked",
		askId: "ask1",
		callId: "c_ask",
		questions: [
			{
				question: "Which city?",
				header: "City",
				options: [{ label: "Kyoto" }, { label: "Osaka" }],
				multiSelect: false,
			},
		],
	});
	return s.status("waiting_for_answer");
}

const box = () => screen.getByRole("textbox", { name: "Message Redline" });

describe("from an empty message box", () => {
	it("Mod+Enter runs the newest waiting card, and only that one, through decideToolCalls", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		await user.click(box());
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["call_new"], denied: [] }]);
		expect(service.callsOf("sendMessage")).toEqual([]);
		// The focus stays in the box, ready for the next one.
		expect(document.activeElement).toBe(box());
	});

	it("⌘+Enter does the same", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		await user.click(box());
		await user.keyboard("{Meta>}{Enter}{/Meta}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["call_new"], denied: [] }]);
	});

	it("Esc skips the newest waiting card", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		await user.click(box());
		await user.keyboard("{Escape}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["call_new"] }]);
	});

	it("Mod+Enter applies the newest waiting draft with the choices made on it", async () => {
		const { service, user } = await renderThread(draftScript());
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		await user.click(within(card).getByRole("button", { name: "Reject change 2 (line 4)" }));
		await user.click(box());
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("reviewEdit")).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c3"], rejected: ["c2"] },
		]);
	});

	it("Esc skips the newest waiting draft", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(box());
		await user.keyboard("{Escape}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c_edit"] }]);
	});

	it("a waiting question: Esc skips it, Mod+Enter takes the focus to its first answer", async () => {
		const { service, user } = await renderThread(askScript());
		await user.click(box());
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("answerQuestion")).toEqual([]);
		expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Kyoto" }));
		await user.click(box());
		await user.keyboard("{Escape}");
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: {}, skipped: true },
		]);
	});

	it("with nothing waiting, the keys do nothing", async () => {
		const { service, user } = await renderThread(new EventScript().user("m1", "Hi").assistant("a1", "Hello."));
		await user.click(box());
		await user.keyboard("{Control>}{Enter}{/Control}{Escape}");
		expect(service.calls).toEqual(expect.not.arrayContaining([expect.objectContaining({ method: "decideToolCalls" })]));
		expect(service.callsOf("sendMessage")).toEqual([]);
	});
});

describe("a message box with text", () => {
	it("Mod+Enter sends the message as before, and decides no card", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		await user.type(box(), "Only the Kyoto one");
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("sendMessage")).toEqual([{ threadId: "thread_1", content: "Only the Kyoto one" }]);
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});

	it("Esc keeps the text and decides no card", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		await user.type(box(), "Only the");
		await user.keyboard("{Escape}");
		expect((box() as HTMLTextAreaElement).value).toBe("Only the");
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});
});

describe("on the card with the focus", () => {
	it("Mod+Enter runs the card with the focus, even when it is not the newest", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		const older = screen.getByRole("group", { name: "Read Travel/Kyoto.md" });
		within(older).getByRole("button", { name: "Add comment for the model" }).focus();
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["call_old"], denied: [] }]);
	});

	it("Esc on a run card skips it; Esc in its comment box does not", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		const older = screen.getByRole("group", { name: "Read Travel/Kyoto.md" });
		await user.click(within(older).getByRole("button", { name: "Add comment for the model" }));
		await user.type(within(older).getByRole("textbox", { name: "Comment for the model" }), "not now");
		await user.keyboard("{Escape}");
		expect(service.callsOf("decideToolCalls")).toEqual([]);
		// Mod+Enter in the comment box runs the card with the comment.
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: ["call_old"], denied: [], comment: "not now" },
		]);
	});

	it("Esc on a run card's button skips that card", async () => {
		const { service, user } = await renderThread(twoWaitingReads());
		const older = screen.getByRole("group", { name: "Read Travel/Kyoto.md" });
		within(older).getByRole("button", { name: "Add comment for the model" }).focus();
		await user.keyboard("{Escape}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["call_old"] }]);
	});

	it("Mod+Enter on a question card submits its answers", async () => {
		const { service, user } = await renderThread(askScript());
		await user.click(screen.getByRole("radio", { name: "Osaka" }));
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: { "0": ["Osaka"] } },
		]);
	});

	it("Esc on a question card skips it", async () => {
		const { service, user } = await renderThread(askScript());
		screen.getByRole("radio", { name: "Osaka" }).focus();
		await user.keyboard("{Escape}");
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: {}, skipped: true },
		]);
	});
});

describe("the keys in the tooltips", () => {
	it("a run card's Run and Skip, a draft's Apply and Skip, a question's Submit and Skip name their keys", async () => {
		await renderThread(twoWaitingReads());
		const card = screen.getByRole("group", { name: "Read Travel/Kyoto.md" });
		expect(within(card).getByRole("button", { name: /^Run:/ }).title).toBe(`Run (${MOD}+Enter)`);
		expect(within(card).getByRole("button", { name: /^Skip:/ }).title).toBe("Skip (Esc)");
		cleanup();
		await renderThread(draftScript());
		const draft = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(draft).getByRole("button", { name: /^Apply/ }).title).toBe(`Apply (${MOD}+Enter)`);
		expect(within(draft).getByRole("button", { name: /^Skip:/ }).title).toBe("Skip (Esc)");
		cleanup();
		await renderThread(askScript());
		expect(screen.getByRole("button", { name: "Submit answers" }).title).toBe(`Submit (${MOD}+Enter)`);
		expect(screen.getByRole("button", { name: "Skip question" }).title).toBe("Skip question (Esc)");
	});
});

describe("the Mod key's name", () => {
	const docOn = (userAgent: string): Document => ({ defaultView: { navigator: { userAgent } } }) as unknown as Document;
	const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 obsidian/1.7.7 Electron/32.2.5";

	it("is ⌘ on Apple platforms and Ctrl elsewhere", () => {
		expect(modName(docOn(MAC))).toBe("⌘");
		expect(modName(docOn("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)"))).toBe("⌘");
		expect(modName(docOn("Mozilla/5.0 (Windows NT 10.0; Win64; x64) obsidian/1.7.7"))).toBe("Ctrl");
		expect(modName(docOn("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0"))).toBe("Ctrl");
		expect(modEnterTitle("Run", docOn(MAC))).toBe("Run (⌘+Enter)");
	});
});
