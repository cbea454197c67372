/**
 * Edit in place (issue 34): how long the user waits at each step of "Edit selection with Redline".
 * - command → prompt visible: in Chromium, in the sandbox's note editor (the page as built for the
 *   e2e tests), Mod+K dispatched to the editor with a sentence selected, until the prompt is in the
 *   DOM and a frame is painted; median of several runs.
 * - send → intent visible, and send → redline visible: one request through the real service
 *   (createRedline), the real @langchain/openai client and the scripted server (main model at 400
 *   ms to first token and 50 tokens/s, apply model at 300 ms and 500 tokens/s, edit blocks, as the
 *   other rows), the message carrying the selection, a one-sentence change in a note of about 10k
 *   tokens; a subscriber notes when edit_intent_declared and edit_proposed reach it (what the
 *   prompt shows). The draft must be confined to the sentence, or the bench fails.
 */
import { benchRedline } from "./support/bench-redline";
import { startModelServer } from "../src/sandbox/model-server";
import { MemoryStore } from "../src/store/memory-store";
import { MemoryVault } from "../src/vault/memory-vault";
import { isKnownEvent } from "../src/log/events";
import { benchSettings } from "./support/edit-harness";
import { buildNote } from "./support/edit-notes";
import { createEditScript, MAIN_PACE } from "./support/edit-script";
import { chromiumPath, launchChromium } from "../test/e2e/support/browser";
import { startE2E } from "../test/e2e/support/sandbox-harness";
import { reply, scripted } from "../src/sandbox/model-server";
import type { BenchRow } from "./run";

const AREA = "edit in place";
const PATH = "Bench/Long note.md";
const ROUNDS = 3;
const PROMPT_RUNS = 7;

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const SENTENCE = "The selected sentence of this bench stands here, once.";

/** The note with one unique sentence added to a paragraph in its middle: the selection. */
function sentenceCase(base: string) {
	const at = base.indexOf("\n\n", Math.floor(base.length / 2));
	const text = `${base.slice(0, at)} ${SENTENCE}${base.slice(at)}`;
	const from = at + 1;
	return {
		text,
		from,
		to: from + SENTENCE.length,
		sentence: SENTENCE,
		changed: (t: string) => t.replace(SENTENCE, `In short: ${SENTENCE}`),
	};
}

async function timeSend(baseURL: string, script: ReturnType<typeof createEditScript>, base: string) {
	const chosen = sentenceCase(base);
	const note = chosen.text;
	script.begin({
		path: PATH,
		note,
		description: "start the selected sentence with In short",
		change: chosen.changed,
		mainPace: MAIN_PACE,
	});
	const settings = benchSettings(baseURL, { approve: "user", editReview: "changes" });
	const vault = new MemoryVault("Bench", { [PATH]: note });
	const redline = await benchRedline({ vault, store: new MemoryStore(), settings, titles: "first-words" });
	try {
		const { service } = redline;
		const created = await service.createThread({ title: `Edit in ${PATH}` });
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		const seen: Record<string, number> = {};
		let changes: { before: string; after: string }[] = [];
		let ready: () => void = () => undefined;
		const caughtUp = new Promise<void>((resolve) => (ready = resolve));
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "caught_up") return ready();
			if (message.kind !== "event" || !isKnownEvent(message.event)) return;
			seen[message.event.type] ??= performance.now();
			if (message.event.type === "edit_proposed") changes = message.event.changes;
		});
		await caughtUp;
		const start = performance.now();
		const sent = await service.sendMessage({
			threadId,
			content: "start it with In short",
			selection: { path: PATH, from: chosen.from, to: chosen.to, text: chosen.sentence },
		});
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(threadId);
		subscription.close();
		const intent = seen.edit_intent_declared;
		const proposed = seen.edit_proposed;
		if (intent === undefined || proposed === undefined) throw new Error("bench: no intent or no redline");
		if (changes.length !== 1 || !changes[0].after.includes(`In short: ${chosen.sentence}`))
			throw new Error("bench: the draft is not the sentence's change alone");
		return { toIntent: intent - start, toRedline: proposed - start };
	} finally {
		await redline.dispose();
	}
}

async function promptRows(): Promise<BenchRow[]> {
	if (!chromiumPath)
		return [{ area: AREA, metric: "command → prompt visible", value: "skipped (no Chromium)", unit: "" }];
	const browser = await launchChromium();
	const text = "# Trip\n\nWe leave at dawn. The car is packed.\n\nBring snacks.\n";
	const e2e = await startE2E(scripted(reply.text("unused")), browser, { notes: { "Trip.md": text } });
	try {
		const { page } = e2e;
		await page.getByRole("button", { name: "Trip", exact: true }).first().click();
		const editor = page.getByRole("textbox", { name: "Note text" });
		await editor.waitFor();
		const runs: number[] = [];
		for (let i = 0; i < PROMPT_RUNS; i++) {
			await editor.click();
			await page.keyboard.press("Escape");
			runs.push(
				await editor.evaluate(async (content) => {
					const root = content.getRootNode() as ShadowRoot;
					const start = performance.now();
					content.dispatchEvent(
						new KeyboardEvent("keydown", {
							key: "k",
							code: "KeyK",
							ctrlKey: true,
							metaKey: false,
							bubbles: true,
							cancelable: true,
						}),
					);
					if (!root.querySelector(".redline-prompt")) return -1;
					await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
					const painted = performance.now() - start;
					root
						.querySelector<HTMLElement>(".redline-prompt input")
						?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
					return painted;
				}),
			);
		}
		if (runs.some((ms) => ms < 0)) throw new Error("bench: Mod+K opened no prompt");
		return [
			{
				area: AREA,
				metric: `command (Mod+K in the sandbox's note editor, Chromium) → prompt in the DOM and a frame painted; median of ${PROMPT_RUNS}`,
				value: median(runs),
				unit: "ms",
				target: "≤ 50 ms",
			},
		];
	} finally {
		await e2e.close();
		await browser.close();
	}
}

export async function run(): Promise<BenchRow[]> {
	const script = createEditScript();
	const server = await startModelServer({ script: script.script });
	const rows: BenchRow[] = [];
	try {
		const note = buildNote(10_000);
		// Warm-up (module loading, JIT, first connection) outside the measured runs.
		await timeSend(server.baseURL, script, buildNote(300).text);
		const runs = [];
		for (let i = 0; i < ROUNDS; i++) runs.push(await timeSend(server.baseURL, script, note.text));
		const size = `${note.tokens.toLocaleString("en-US")}-token note`;
		rows.push(
			{
				area: AREA,
				metric: `send → intent visible (edit_intent_declared at a subscriber), ${size}; median of ${ROUNDS}`,
				value: median(runs.map((r) => r.toIntent)),
				unit: "ms",
				target: "≤ 1500 ms",
			},
			{
				area: AREA,
				metric: `send → redline visible (edit_proposed at a subscriber), one-sentence change, ${size}; median of ${ROUNDS}`,
				value: median(runs.map((r) => r.toRedline)),
				unit: "ms",
				target: "≤ 2000 ms",
			},
		);
	} finally {
		await server.close();
	}
	rows.unshift(...(await promptRows()));
	return rows;
}
