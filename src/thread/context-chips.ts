/**
 * Resolves a set chip (a folder, a tag, a note's backlinks, the notes a note links to, one hop)
 * to the notes it adds, read from the vault (issue 33). The same resolution answers the
 * composer's preview (v1.context.preview: each note with its tokens, before anything is sent)
 * and the send (user_message.context, the notes with their text): what the chip showed is what
 * the message carries, unless the vault changed in between. Notes are taken in path order, in
 * full up to the chip's limits; those past them are named only, so the model can read them.
 * Notes under the access floor are never added, nor counted.
 */
import { estimateTextTokens } from "../agent/token-estimate";
import { chipHeader, chipFooter, noteSection } from "../agent/chip-context";
import type { ChipContext, PinnedItem } from "../log/events";
import { chipKind, chipTarget } from "../log/pinned-items";
import type { CatalogNote, CatalogView, NoteCatalog } from "../search/note-catalog";
import { normalizeTag } from "../search/tags";
import { countTags, rankTags, type TagCount } from "../search/tag-suggest";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";

/** Notes a chip adds in full at most. */
export const CHIP_NOTE_LIMIT = 50;
/** Tokens (estimate) a chip adds in full at most: the notes past it are named only. */
export const CHIP_TOKEN_LIMIT = 16_000;
/** Notes named at most past the limits. */
export const CHIP_LIST_LIMIT = 500;

export interface ChipDeps {
	vault: Vault;
	catalog: NoteCatalog;
	floor: AccessFloor;
}

/** What the composer shows of a chip before sending, in the thread's calibrated tokens. */
export interface ChipPreview {
	item: PinnedItem;
	/** Notes the chip matched. */
	total: number;
	/** Notes added in full, each with its tokens. */
	notes: Array<{ path: string; tokens: number }>;
	/** Notes named only (past the chip's limits). */
	listed: string[];
	/** Tokens the chip adds to the message. */
	tokens: number;
}

export async function resolveChip(item: PinnedItem, deps: ChipDeps): Promise<ChipContext> {
	const view = await deps.catalog.view();
	const paths = matching(item, view).filter((path) => deps.floor.mayShow(path));
	const notes: ChipContext["notes"] = [];
	const listed: string[] = [];
	let tokens = 0;
	for (const path of paths) {
		if (notes.length < CHIP_NOTE_LIMIT && listed.length === 0) {
			const content = await readOrUndefined(deps.vault, path);
			if (content === undefined) continue;
			const cost = estimateTextTokens(noteSection(path, content));
			if (tokens + cost <= CHIP_TOKEN_LIMIT) {
				notes.push({ path, content });
				tokens += cost;
				continue;
			}
		}
		if (listed.length < CHIP_LIST_LIMIT) listed.push(path);
	}
	return { item: { ...item }, notes, listed, total: paths.length };
}

/** The preview of a resolved chip: what each note costs as sent, calibrated for the thread. */
export function previewChip(context: ChipContext, calibration: number): ChipPreview {
	const scale = (tokens: number): number => Math.round(tokens * calibration);
	const notes = context.notes.map((note) => ({
		path: note.path,
		tokens: scale(estimateTextTokens(noteSection(note.path, note.content))),
	}));
	const framing = scale(estimateTextTokens(`\n\n${chipHeader(context)}${chipFooter(context)}`));
	return {
		item: context.item,
		total: context.total,
		notes,
		listed: context.listed,
		tokens: framing + notes.reduce((sum, note) => sum + note.tokens, 0),
	};
}

/** The last counts per catalog: a view the catalog hands out again means nothing changed. */
const countedTags = new WeakMap<ChipDeps, { view: CatalogView; counts: TagCount[] }>();

/**
 * The `#` picker's tags (v1.context.tags): those of the notes a tag chip may add, ranked for query.
 * Asked on every keystroke: counted again only when the catalog's view changed (the sandbox's
 * text catalog keeps one view until the vault changes).
 */
export async function chipTags(deps: ChipDeps, query: string, limit: number): Promise<TagCount[]> {
	const view = await deps.catalog.view();
	let counted = countedTags.get(deps);
	if (counted?.view !== view) {
		const notes = view.notes.filter((note) => note.path.endsWith(".md") && deps.floor.mayShow(note.path));
		counted = { view, counts: countTags(notes.map((note) => note.tags)) };
		countedTags.set(deps, counted);
	}
	return rankTags(counted.counts, query, limit);
}

function matching(item: PinnedItem, view: CatalogView): string[] {
	const target = chipTarget(item);
	const notes = view.notes.filter((note) => note.path.endsWith(".md"));
	let found: CatalogNote[];
	switch (chipKind(item)) {
		case "folder": {
			const folder = target.replace(/^\/+|\/+$/gu, "");
			found = folder === "" ? notes : notes.filter((note) => note.path.startsWith(`${folder}/`));
			break;
		}
		case "tag": {
			const tag = normalizeTag(target).replace(/\/+$/u, "");
			found = notes.filter((note) => note.tags.some((t) => t === tag || t.startsWith(`${tag}/`)));
			break;
		}
		case "backlinks":
			found = notes.filter((note) => note.path !== target && note.links.includes(target));
			break;
		case "links": {
			const links = new Set(view.notes.find((note) => note.path === target)?.links ?? []);
			found = notes.filter((note) => note.path !== target && links.has(note.path));
			break;
		}
		default:
			return [];
	}
	return found.map((note) => note.path).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function readOrUndefined(vault: Vault, path: string): Promise<string | undefined> {
	try {
		return await vault.read(path);
	} catch {
		// Gone since the catalog listed it: not added.
		return undefined;
	}
}
