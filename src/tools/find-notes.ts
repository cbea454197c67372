/**
 * findNotes: notes by their metadata rather than their words: tag (nested tags too), property
 * (with or without a value), folder, modification dates, and links either way, all combined with
 * AND. Answered from the host's note catalog (Obsidian's metadataCache; the notes' own text
 * elsewhere, src/search/text-catalog.ts), newest first, each with the fields that matched. What
 * the access floor refuses is never shown, only counted, as listNotes does.
 */
import * as z from "zod/mini";
import { findNotes, type FoundNote, type NoteFilter } from "../search/find-notes";
import type { CatalogNote, CatalogView, NoteCatalog } from "../search/note-catalog";
import { normalizeTag } from "../search/tags";
import { toolResult, type ResultSummary, type ToolResult } from "../log/tool-result";
import type { AccessFloor } from "../vault/access-floor";
import { isUnder, normalizeFolderPath } from "../vault/paths";
import { quoted } from "../vault/quote";
import { leftOutSentence } from "./floor-filter";
import { parseIsoTime } from "./iso-time";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { pathArg, plural, rawArgs, textArg } from "./words";

export const FIND_DEFAULT_LIMIT = 50;
export const FIND_MAX_LIMIT = 200;

const text = (max: number, what: string) =>
	z.string().check(z.maxLength(max, `${what} must be at most ${max} characters`));

export const findNotesSchema = z.object({
	tag: z
		.optional(text(200, "tag"))
		.check(z.describe('A tag, with or without "#": "project" also finds #project/alpha; case does not matter')),
	property: z
		.optional(
			z.object({
				name: text(200, "property.name").check(z.trim(), z.minLength(1, "property.name must not be empty")),
				value: z
					.optional(z.union([text(500, "property.value"), z.number(), z.boolean()]))
					.check(z.describe("Omit to find every note that has the property; a list property matches any item")),
			}),
		)
		.check(z.describe('A frontmatter property, e.g. {"name": "status", "value": "done"}')),
	folder: z.optional(text(1000, "folder")).check(z.describe('Only notes in this folder or below, e.g. "Projects"')),
	modifiedAfter: z
		.optional(text(40, "modifiedAfter"))
		.check(z.describe('Modified at or after this local date or time, ISO: "2026-05-01" or "2026-05-01T14:30"')),
	modifiedBefore: z
		.optional(text(40, "modifiedBefore"))
		.check(z.describe('Modified before this local date or time (a date means its start): "2026-06-01"')),
	linksTo: z
		.optional(text(1000, "linksTo"))
		.check(z.describe("Notes that link to or embed this note: a path, or link text as in [[Plan]]")),
	linkedFrom: z
		.optional(text(1000, "linkedFrom"))
		.check(z.describe("The notes this note links to or embeds: a path, or link text")),
	limit: z
		.optional(z.number().check(z.int(), z.minimum(1), z.maximum(FIND_MAX_LIMIT)))
		.check(z.describe(`Most notes to return; default ${FIND_DEFAULT_LIMIT}, at most ${FIND_MAX_LIMIT}`)),
});
export type FindNotesArgs = z.infer<typeof findNotesSchema>;

const FILTERS = ["tag", "property", "folder", "modifiedAfter", "modifiedBefore", "linksTo", "linkedFrom"] as const;

const DESCRIPTION =
	"Find notes by metadata, not words: tag, frontmatter property, folder, modification date, and links (linksTo: " +
	"notes linking to a note; linkedFrom: the notes a note links to). Give at least one filter; several must all " +
	"match. Returns paths, most recently modified first, with the fields that matched. Use searchNotes to find " +
	"notes by what they say.";

/**
 * The notes split by the access floor (AccessFloor.mayShowListed). A floor never changes its
 * mind, so verdicts are kept per floor, and the split per catalog view (the text catalog hands
 * out the same view until a note changes): checking ten thousand paths again at every call
 * would cost more than the query.
 */
interface Screened {
	shown: CatalogNote[];
	refused: CatalogNote[];
}
const verdicts = new WeakMap<AccessFloor, Map<string, boolean>>();
const screenings = new WeakMap<readonly CatalogNote[], WeakMap<AccessFloor, Screened>>();
const MAX_VERDICTS = 200_000;

function screen(notes: readonly CatalogNote[], floor: AccessFloor): Screened {
	const byFloor = screenings.get(notes) ?? new WeakMap<AccessFloor, Screened>();
	screenings.set(notes, byFloor);
	const known = byFloor.get(floor);
	if (known) return known;
	let verdict = verdicts.get(floor);
	if (!verdict || verdict.size > MAX_VERDICTS) verdicts.set(floor, (verdict = new Map<string, boolean>()));
	const screened: Screened = { shown: [], refused: [] };
	for (const note of notes) {
		const key = note.linkedTo === undefined ? note.path : `${note.path}\0${note.linkedTo ?? ""}`;
		let shown = verdict.get(key);
		if (shown === undefined) verdict.set(key, (shown = floor.mayShowListed(note)));
		(shown ? screened.shown : screened.refused).push(note);
	}
	byFloor.set(floor, screened);
	return screened;
}

/** A failure the model can correct, with the reason why. */
class BadArgument extends Error {}

/** The filters in words: "tagged #project, in Projects" (from raw arguments: the pane's words use it too). */
function describeFilters(args: Record<string, unknown>): string {
	const parts: string[] = [];
	const tag = textArg(args, "tag");
	if (tag) parts.push(`tagged #${normalizeTag(tag)}`);
	const property = rawArgs(args.property);
	const name = textArg(property, "name");
	if (name) {
		const value = property.value;
		const shown = typeof value === "string" || typeof value === "number" || typeof value === "boolean";
		parts.push(shown ? `with ${name}: ${String(value)}` : `with property ${name}`);
	}
	const folder = pathArg(args, "folder");
	if (folder) parts.push(`in ${folder}`);
	const after = textArg(args, "modifiedAfter");
	if (after) parts.push(`modified since ${after}`);
	const before = textArg(args, "modifiedBefore");
	if (before) parts.push(`modified before ${before}`);
	const linksTo = pathArg(args, "linksTo");
	if (linksTo) parts.push(`linking to ${linksTo}`);
	const linkedFrom = pathArg(args, "linkedFrom");
	if (linkedFrom) parts.push(`linked from ${linkedFrom}`);
	return parts.join(", ");
}

/** Local time as a person reads it, to the minute: "2026-05-01 14:30". */
export function localMinute(ms: number): string {
	const d = new Date(ms);
	const two = (n: number): string => String(n).padStart(2, "0");
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function time(input: string | undefined, name: string): number | undefined {
	if (input === undefined) return undefined;
	const parsed = parseIsoTime(input);
	if (!parsed.ok) throw new BadArgument(`${name}: ${parsed.message}.`);
	return parsed.ms;
}

/** A link target the floor refuses is refused too: its links are its text. */
function target(view: CatalogView, floor: AccessFloor, input: string | undefined, name: string): string | undefined {
	if (input === undefined) return undefined;
	const path = view.resolve(input, "");
	if (path === null)
		throw new BadArgument(`${name}: no note found for ${quoted(input)}. Give its path, or find it with searchNotes.`);
	const hit = floor.check(path);
	if (hit && hit.reason !== "not-a-note")
		throw new BadArgument(`${name}: ${hit.message}; findNotes does not look there.`);
	return path;
}

/** The filter to run, and the link targets as resolved (for data). */
function filterOf(
	args: FindNotesArgs,
	view: CatalogView,
	floor: AccessFloor,
	folder: string,
): { filter: NoteFilter; targets: { linksTo?: string; linkedFrom?: string } } {
	const filter: NoteFilter = { folder };
	if (args.tag !== undefined) {
		const tag = normalizeTag(args.tag).replace(/\/+$/, "");
		if (tag === "" || /\s/.test(tag))
			throw new BadArgument(`tag: ${quoted(args.tag)} is not a tag (one word, like "project").`);
		filter.tag = tag;
	}
	if (args.property) filter.property = args.property;
	const after = time(args.modifiedAfter, "modifiedAfter");
	const before = time(args.modifiedBefore, "modifiedBefore");
	if (after !== undefined && before !== undefined && after >= before)
		throw new BadArgument("modifiedAfter must come before modifiedBefore: no time lies between them.");
	if (after !== undefined) filter.modifiedAfter = after;
	if (before !== undefined) filter.modifiedBefore = before;
	const linksTo = target(view, floor, args.linksTo, "linksTo");
	if (linksTo !== undefined) filter.linksTo = linksTo;
	const from = target(view, floor, args.linkedFrom, "linkedFrom");
	if (from !== undefined) filter.linkedFrom = view.notes.find((note) => note.path === from)?.links ?? [];
	return {
		filter,
		targets: { ...(linksTo !== undefined ? { linksTo } : {}), ...(from !== undefined ? { linkedFrom: from } : {}) },
	};
}

function describeNote(note: FoundNote): string {
	const fields = [`modified ${localMinute(note.mtime)}`];
	if (note.tags) fields.push(note.tags.map((t) => `#${t}`).join(" "));
	if (note.property) fields.push(`${note.property.name}: ${note.property.values.map(String).join(", ") || "(empty)"}`);
	return `- ${note.path} (${fields.join("; ")})`;
}

function summary(result: ToolResult): ResultSummary | undefined {
	const total = result.data?.total;
	if (result.status !== "success" || typeof total !== "number") return undefined;
	return { line: total === 0 ? "Found no notes" : `Found ${plural(total, "note")}` };
}

export function createFindNotesTool(deps: { catalog: NoteCatalog }): Tool<FindNotesArgs> {
	return {
		name: "findNotes",
		description: DESCRIPTION,
		schema: findNotesSchema,
		defaultPreference: "always",
		label: "Find notes by tag, property or link",
		purpose: "List the notes with a tag or property, in a folder, changed in a time span, or linked to a note.",
		neverSubject: "finding notes by tag, property or link is",
		words: (args) => {
			const filters = describeFilters(args);
			const tail = filters ? ` ${filters}` : "";
			return { title: `Find notes${tail}`, active: `Finding notes${tail}` };
		},
		summary,
		examples: ({ path, word }) => [
			{ tag: word },
			{ folder: path.split("/")[0] ?? path },
			{ property: { name: "status" }, modifiedAfter: "2000-01-01" },
			{ linksTo: path },
			{ linkedFrom: path },
		],
		// The catalog reads notes itself, only those the floor lets through; what it finds is
		// filtered through the call's floor before it is shown.
		access: () => ({ reads: [], writes: [], scans: true }),
		async run(args, ctx): Promise<ToolResult> {
			if (!FILTERS.some((name) => args[name] !== undefined))
				return toolResult.error(
					`Give at least one filter: ${FILTERS.join(", ")}. To see every note of the vault, use listNotes.`,
				);
			let folder: string;
			try {
				folder = normalizeFolderPath(args.folder);
			} catch (error) {
				return vaultErrorResult(error, args.folder);
			}
			const floorHit = folder === "" ? null : ctx.floor.check(folder);
			if (floorHit && floorHit.reason !== "not-a-note")
				return toolResult.rejected(`${floorHit.message}; findNotes does not look there.`);
			let view: CatalogView;
			try {
				view = await deps.catalog.view();
			} catch (error) {
				return vaultErrorResult(error);
			}
			const { shown, refused } = screen(view.notes, ctx.floor);
			const under = (note: CatalogNote): boolean => isUnder(note.path, folder);
			if (folder !== "" && !shown.some(under) && !refused.some(under))
				return toolResult.error(
					`No folder ${quoted(folder)} with notes in the vault. Use listNotes to see the folders.`,
				);
			let filter: NoteFilter;
			let targets: { linksTo?: string; linkedFrom?: string };
			try {
				({ filter, targets } = filterOf(args, view, ctx.floor, folder));
			} catch (error) {
				if (error instanceof BadArgument) return toolResult.error(error.message);
				throw error;
			}
			const leftOut = folder === "" ? refused.length : refused.filter(under).length;
			const limit = args.limit ?? FIND_DEFAULT_LIMIT;
			const { notes: page, total } = findNotes(shown, filter, limit);
			const filters = describeFilters({ ...args, ...targets });
			const data = {
				filter: {
					...(filter.tag !== undefined ? { tag: filter.tag } : {}),
					...(filter.property ? { property: filter.property } : {}),
					folder,
					...(filter.modifiedAfter !== undefined
						? { modifiedAfter: new Date(filter.modifiedAfter).toISOString() }
						: {}),
					...(filter.modifiedBefore !== undefined
						? { modifiedBefore: new Date(filter.modifiedBefore).toISOString() }
						: {}),
					...targets,
				},
				notes: page.map((note) => ({
					path: note.path,
					modified: new Date(note.mtime).toISOString(),
					...(note.tags ? { tags: note.tags } : {}),
					...(note.property ? { property: note.property } : {}),
				})),
				total,
				leftOut,
			};
			const tail = leftOutSentence(leftOut, "files");
			if (total === 0) return toolResult.success(`No notes ${filters}.${tail}`, { data });
			const lines = [`${plural(total, "note")} ${filters}, most recently modified first:`];
			lines.push(...page.map(describeNote));
			const more = total - page.length;
			if (more > 0)
				lines.push(
					`${more} more not shown: narrow the filters${limit < FIND_MAX_LIMIT ? `, or raise limit (at most ${FIND_MAX_LIMIT})` : ""}.`,
				);
			return toolResult.success(lines.join("\n") + tail, { data });
		},
	};
}
