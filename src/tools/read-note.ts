/**
 * readNote: a note's text, one page at a time, so a long note never floods the context. A page
 * ends at `limit` lines or READ_CHAR_BUDGET characters, whichever comes first, and the result
 * says how many lines remain and which offset reads on.
 */
import * as z from "zod/mini";
import { displayName } from "../vault/display-path";
import { normalizeVaultPath } from "../vault/paths";
import { toolResult } from "../log/tool-result";
import type { ResultSummary, ToolResult } from "../log/tool-result";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { noteName, pathArg, plural, textArg } from "./words";

export const READ_DEFAULT_LINES = 400;
export const READ_MAX_LINES = 2000;
export const READ_CHAR_BUDGET = 24_000;

export const readNoteSchema = z.object({
	path: z.string().check(z.describe('Vault-relative path of the note, e.g. "Projects/Plan.md"')),
	offset: z
		.optional(z.number().check(z.int(), z.minimum(1)))
		.check(z.describe("First line to read (1-based); default 1")),
	limit: z
		.optional(z.number().check(z.int(), z.minimum(1), z.maximum(READ_MAX_LINES)))
		.check(z.describe(`Lines to read; default ${READ_DEFAULT_LINES}`)),
});
export type ReadNoteArgs = z.infer<typeof readNoteSchema>;

export interface Page {
	text: string;
	startLine: number;
	endLine: number; // inclusive; startLine - 1 when the page is empty
	totalLines: number;
	truncatedLine: boolean; // the page's only line was cut at the character budget
}

/** Lines offset.. of text, at most limit lines and about budget characters. */
export function pageOf(text: string, offset: number, limit: number, budget = READ_CHAR_BUDGET): Page {
	const lines = text.split("\n");
	const totalLines = lines.length;
	const start = Math.min(offset, totalLines + 1);
	const taken: string[] = [];
	let size = 0;
	let truncatedLine = false;
	for (let i = start - 1; i < totalLines && taken.length < limit; i++) {
		const line = lines[i];
		if (size + line.length + 1 > budget) {
			// A single huge line still gives a (cut) page, so reading always moves forward.
			if (taken.length === 0) {
				taken.push(line.slice(0, budget));
				truncatedLine = true;
			}
			break;
		}
		taken.push(line);
		size += line.length + 1;
	}
	return { text: taken.join("\n"), startLine: start, endLine: start + taken.length - 1, totalLines, truncatedLine };
}

/** The model-facing text of a page: a header that says where it is and how to read on. */
export function describePage(path: string, text: string, offset: number, limit: number): ToolResult {
	if (text === "") return toolResult.success(`${path} is empty.`, { path, data: { totalLines: 0, remainingLines: 0 } });
	const page = pageOf(text, offset, limit);
	const data = {
		startLine: page.startLine,
		endLine: page.endLine,
		totalLines: page.totalLines,
		remainingLines: page.totalLines - page.endLine,
	};
	if (page.endLine < page.startLine) {
		return toolResult.error(`${path} has only ${page.totalLines} lines; offset ${offset} is past its end.`, {
			path,
			data,
		});
	}
	const whole = page.startLine === 1 && page.endLine === page.totalLines && !page.truncatedLine;
	if (whole) return toolResult.success(`${path} (${page.totalLines} lines):\n${page.text}`, { path, data });
	const notes: string[] = [];
	if (page.truncatedLine)
		notes.push(`line ${page.startLine} is longer than ${READ_CHAR_BUDGET} characters and was cut`);
	if (data.remainingLines > 0) {
		notes.push(`${data.remainingLines} more lines remain; call readNote with offset ${page.endLine + 1} to continue`);
	} else {
		notes.push("this is the end of the note");
	}
	const header = `${path}, lines ${page.startLine}-${page.endLine} of ${page.totalLines} (${notes.join("; ")}):`;
	return toolResult.success(`${header}\n${page.text}`, { path, data });
}

/**
 * "Read On slow reading · 63 lines", or "Read Long · lines 1–40 of 63" for a page (the note by its
 * name: the card links it, its path on hover), and where the note's text starts: the message is
 * one header line, then the text as read (describePage).
 */
export function readSummary(result: ToolResult, args: Record<string, unknown>): ResultSummary | undefined {
	if (result.status !== "success") return undefined;
	const raw = result.path ?? textArg(args, "path");
	const name = raw === undefined ? "a note" : displayName(raw);
	const data = result.data ?? {};
	const total = typeof data.totalLines === "number" ? data.totalLines : undefined;
	const start = typeof data.startLine === "number" ? data.startLine : undefined;
	const end = typeof data.endLine === "number" ? data.endLine : undefined;
	if (total === 0) return { line: `Read ${name} · empty` };
	const newline = result.message.indexOf("\n");
	const page = total !== undefined && start !== undefined && end !== undefined && !(start === 1 && end === total);
	const line = page
		? `Read ${name} · lines ${start}–${end} of ${total}`
		: total !== undefined
			? `Read ${name} · ${plural(total, "line")}`
			: `Read ${name}`;
	return newline >= 0 ? { line, textFrom: newline + 1 } : { line };
}

export const readNoteTool: Tool<ReadNoteArgs> = {
	name: "readNote",
	description:
		"Read a note of the vault. Long notes come in pages of lines: the result says how many lines remain and the offset to read the next page.",
	schema: readNoteSchema,
	defaultPreference: "always",
	label: "Read notes",
	purpose: "Open a note and read its text.",
	neverSubject: "reading notes is",
	words: (args) => {
		const path = pathArg(args, "path");
		return { title: `Read ${path ?? "a note"}`, active: `Reading ${noteName(path ?? "a note")}` };
	},
	summary: readSummary,
	examples: ({ path }) => [{ path }],
	access: (args) => ({ reads: [args.path], writes: [], scans: false }),
	// A path that is not a vault path gets its error at once, not a card to approve first.
	refuse: (args) => {
		try {
			normalizeVaultPath(args.path);
			return undefined;
		} catch (error) {
			return vaultErrorResult(error, args.path);
		}
	},
	async run(args, ctx): Promise<ToolResult> {
		let path: string;
		try {
			path = normalizeVaultPath(args.path);
		} catch (error) {
			return vaultErrorResult(error, args.path);
		}
		try {
			return describePage(path, await ctx.vault.read(path), args.offset ?? 1, args.limit ?? READ_DEFAULT_LINES);
		} catch (error) {
			return vaultErrorResult(error, path);
		}
	},
};
