/**
 * The offline demo's model: a script for the scripted model server that handles a handful of
 * requests on the sample vault, playing both the main model (tool calls, replies) and the apply
 * model (the new note). It reads only what a real model would: the request's messages.
 *
 * Handled requests: remove headings from a note, add a summary to a note, tag the project notes,
 * and make a reading list (it asks which notes first). Anything else gets a short help reply.
 */
import { SUMMARY_INSTRUCTIONS } from "../agent/compaction";
import type { Vault } from "../vault/vault";
import {
	applyModelReply,
	checkReply,
	isToolResponseMessage,
	lastUserText,
	messageText,
	offersTools,
	type ModelScript,
	type RecordedRequest,
	type ScriptedReply,
	type WireMessage,
} from "./model-server";

const PACE = { firstTokenMs: 250, tokensPerSecond: 120 };
const APPLY_PACE = { firstTokenMs: 150, tokensPerSecond: 900 };
const DEFAULT_NOTE = "Daily/2026-11-28.md";
const SUMMARY_NOTE = "Articles/On slow reading.md";
const PROJECT_NOTES = ["Projects/Garden shed.md", "Projects/Book club.md"];
const READING_CANDIDATES = [
	"Articles/On slow reading.md",
	"Projects/Book club.md",
	"Projects/Garden shed.md",
	"People/Ana Ruiz.md",
];

const HELP = `I'm the **offline demo** model, so I only know a few requests on this sample vault. Try:

- "Remove all headings from Daily/2026-11-28.md"
- "Add a summary to Articles/On slow reading.md"
- "Tag my project notes"
- "Make a reading list" (I'll ask you which notes)

Start the sandbox with \`OPENAI_API_KEY\` set to talk to a real model.`;

type Intent = "headings" | "summary" | "tags" | "reading-list" | "help";

function intentOf(text: string): Intent {
	const t = text.toLowerCase();
	if (t.includes("heading")) return "headings";
	if (t.includes("summary") || t.includes("summarize") || t.includes("summarise")) return "summary";
	if (t.includes("tag")) return "tags";
	if (t.includes("reading list") || t.includes("which notes") || t.includes("reading-list")) return "reading-list";
	return "help";
}

/** The vault note the message names (by path or by name, longest match wins), else the fallback. */
function pathIn(text: string, notes: readonly string[], fallback: string): string {
	const t = text.toLowerCase();
	let best: string | null = null;
	for (const path of notes) {
		const names = [
			path.toLowerCase(),
			path.toLowerCase().replace(/\.md$/, ""),
			(path.split("/").pop() ?? "").toLowerCase().replace(/\.md$/, ""),
		];
		if (names.some((name) => name.length > 2 && t.includes(name)) && (!best || path.length > best.length)) best = path;
	}
	return best ?? fallback;
}

/** Tool results since the last user message (a text-tool model reads them in user messages): how far this turn has gone. */
function turnProgress(request: RecordedRequest): { toolMessages: WireMessage[]; assistantSteps: number } {
	const messages = request.body.messages;
	const results = (m: WireMessage): boolean => isToolResponseMessage(m, messageText(m));
	let start = messages.length - 1;
	while (start >= 0 && (messages[start]?.role !== "user" || results(messages[start]))) start--;
	const after = messages.slice(start + 1);
	return {
		toolMessages: after.filter((m) => m.role === "tool" || results(m)),
		assistantSteps: after.filter((m) => m.role === "assistant").length,
	};
}

function call(name: string, args: Record<string, unknown>) {
	return { name, arguments: args };
}

function mainReply(request: RecordedRequest, notes: readonly string[]): ScriptedReply {
	const userText = lastUserText(request) ?? "";
	const intent = intentOf(userText);
	const { toolMessages, assistantSteps } = turnProgress(request);
	const last = toolMessages.at(-1);
	const lastText = last ? messageText(last) : "";

	switch (intent) {
		case "headings": {
			const path = pathIn(userText, notes, DEFAULT_NOTE);
			if (assistantSteps === 0) {
				return {
					pace: PACE,
					text: `I'll remove the headings from ${path}.`,
					toolCalls: [call("declareEditIntent", { path, operation: "modify", description: "remove all headings" })],
				};
			}
			return {
				pace: PACE,
				text: finishText(lastText, `Removed the headings from ${path}. The Revert button on the card undoes it.`),
			};
		}
		case "summary": {
			const path = pathIn(userText, notes, SUMMARY_NOTE);
			if (assistantSteps === 0)
				return { pace: PACE, text: `Let me read ${path} first.`, toolCalls: [call("readNote", { path })] };
			if (assistantSteps === 1) {
				return {
					pace: PACE,
					toolCalls: [
						call("declareEditIntent", { path, operation: "modify", description: "add a short summary at the top" }),
					],
				};
			}
			return { pace: PACE, text: finishText(lastText, `Added a summary at the top of ${path}.`) };
		}
		case "tags": {
			if (assistantSteps === 0)
				return {
					pace: PACE,
					text: "Looking for your project notes.",
					toolCalls: [call("listNotes", { folder: "Projects" })],
				};
			if (assistantSteps === 1) {
				return {
					pace: PACE,
					text: "I'll add the #project tag to each of them.",
					toolCalls: PROJECT_NOTES.map((path) =>
						call("declareEditIntent", {
							path,
							operation: "modify",
							description: "add the project tag to the frontmatter",
						}),
					),
				};
			}
			return { pace: PACE, text: "Tagged the project notes with #project." };
		}
		case "reading-list": {
			if (assistantSteps === 0) {
				return {
					pace: PACE,
					toolCalls: [
						call("askUser", {
							questions: [
								{
									question: "Which notes should go on the reading list?",
									header: "Notes",
									multiSelect: true,
									options: READING_CANDIDATES.map((p) => p.replace(/\.md$/, "")),
								},
								{
									question: "How should the list be ordered?",
									header: "Order",
									options: ["Alphabetical", "As listed"],
								},
							],
						}),
					],
				};
			}
			if (assistantSteps === 1) {
				const chosen = READING_CANDIDATES.map((p) => p.replace(/\.md$/, "")).filter((name) => lastText.includes(name));
				const other = /other: "([^"]+)"/.exec(lastText)?.[1];
				const items = [...chosen, ...(other ? [other] : [])];
				const sorted = lastText.includes("Alphabetical") ? [...items].sort((a, b) => a.localeCompare(b)) : items;
				return {
					pace: PACE,
					toolCalls: [
						call("declareEditIntent", {
							path: "Reading list.md",
							operation: "create",
							description: `create a reading list: ${sorted.map((i) => `[[${i}]]`).join(", ") || "(empty)"}`,
						}),
					],
				};
			}
			return { pace: PACE, text: finishText(lastText, "Created Reading list.md.") };
		}
		default:
			return { pace: PACE, text: HELP };
	}
}

function finishText(toolText: string, success: string): string {
	if (/denied|rejected|skipped/i.test(toolText)) return "Understood, I left the note as it is.";
	if (/conflict|nothing was written|error/i.test(toolText))
		return `That did not go through: ${toolText.split("\n")[0] ?? ""}`;
	return success;
}

// ---- the apply model ----------------------------------------------------------------------

function splitFrontmatter(note: string): { front: string; body: string } {
	const match = /^(\uFEFF?---\r?\n[\s\S]*?\r?\n---\r?\n?)/.exec(note);
	return match ? { front: match[1] ?? "", body: note.slice((match[1] ?? "").length) } : { front: "", body: note };
}

function applyEdit(note: string, instructions: string): string {
	const t = instructions.toLowerCase();
	const { front, body } = splitFrontmatter(note);
	if (t.includes("remove all headings")) {
		return (
			front +
			body
				.split("\n")
				.filter((line) => !/^#{1,6}\s/.test(line))
				.join("\n")
				.replace(/^\n+/, "")
		);
	}
	if (t.includes("summary")) {
		const firstParagraph = body.split(/\n\s*\n/).find((p) => p.trim() && !p.startsWith("#")) ?? "";
		const sentence = (/^[^.!?]+[.!?]/.exec(firstParagraph.replace(/\s+/g, " ").trim()) ?? [firstParagraph])[0];
		return `${front}> [!summary]\n> ${sentence.trim()} Reading slowly, with a pencil and with time around it, gives back understanding, memory and pleasure.\n\n${body}`;
	}
	if (t.includes("project tag")) {
		if (!front) return `---\ntags: [project]\n---\n${body}`;
		if (/\ntags:/.test(front))
			return (
				front.replace(/\ntags:\s*\[([^\]]*)\]/, (_m, list: string) => `\ntags: [${list ? `${list}, ` : ""}project]`) +
				body
			);
		return front.replace(/\n---\r?\n?$/, "\ntags: [project]\n---\n") + body;
	}
	if (t.includes("reading list")) {
		const links = [...instructions.matchAll(/\[\[([^\]]+)\]\]/g)].map((m) => `- [ ] [[${m[1]}]]`);
		return `# Reading list\n\n${links.join("\n")}\n`;
	}
	return note;
}

function applyReply(request: RecordedRequest): ScriptedReply {
	const allText = request.body.messages.map(messageText).join("\n");
	// The composer's apply prompt (src/composer/apply.ts) puts the intent on its "Change:" line;
	// only that line is read as instructions, so a note that mentions "summary" does not get one.
	// The reply comes as edit blocks or as the whole note, whichever the request asks for.
	const instructions = /^Change: (.*)$/m.exec(allText)?.[1] ?? allText;
	return applyModelReply(request, (note) => applyEdit(note, instructions), { pace: APPLY_PACE });
}

/** A long chat's compaction (src/agent/compaction.ts): the user's requests, listed. */
function summaryReply(request: RecordedRequest): ScriptedReply {
	const asked = [...messageText(request.body.messages.at(-1) ?? { role: "user" }).matchAll(/^User: (.*)$/gmu)].map(
		(m) => m[1],
	);
	const previous = /^Summary so far:\n([\s\S]*?)\n\nMessages to add/mu.exec(
		messageText(request.body.messages.at(-1) ?? { role: "user" }),
	)?.[1];
	const lines = [...(previous ? [previous] : []), ...asked.map((text) => `- The user asked: ${text.slice(0, 120)}`)];
	return { pace: APPLY_PACE, text: lines.join("\n") || "- The user and the demo talked about the sample vault." };
}

/** Main-model requests offer tools (natively or in the system prompt); the apply model's never do. */
export function createDemoScript(vault: Vault): ModelScript {
	return async (request) => {
		// "Check connection" (npm start -- --check, the pane's error banner) gets a working model's answers.
		const check = checkReply(request);
		if (check) return check;
		if (messageText(request.body.messages[0] ?? { role: "system" }).startsWith(SUMMARY_INSTRUCTIONS))
			return summaryReply(request);
		if (!offersTools(request)) return applyReply(request);
		const notes = (await vault.list("")).map((note) => note.path);
		return mainReply(request, notes);
	};
}
