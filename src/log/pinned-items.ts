/**
 * The kinds of composer chip (issues 30, 33), read one way everywhere: a note, an attachment, or
 * a set of notes resolved when a message is sent (a folder, a tag, a note's backlinks, the notes
 * a note links to). Two chips are the same when they are of one kind and name one target,
 * whatever their scope.
 */
import type { PinnedItem } from "./events";

export type ChipKind = "note" | "attachment" | "folder" | "tag" | "backlinks" | "links";

export function chipKind(item: PinnedItem): ChipKind {
	if ("path" in item) return "note";
	if ("handle" in item) return "attachment";
	if ("folder" in item) return "folder";
	if ("tag" in item) return "tag";
	if ("backlinksOf" in item) return "backlinks";
	return "links";
}

/** The chip's target: a path, a handle, a folder, a tag (without "#"). */
export function chipTarget(item: PinnedItem): string {
	if ("path" in item) return item.path;
	if ("handle" in item) return item.handle;
	if ("folder" in item) return item.folder;
	if ("tag" in item) return item.tag;
	if ("backlinksOf" in item) return item.backlinksOf;
	return item.linksFrom;
}

/** A chip that stands for a set of notes, resolved as the message is sent. */
export function isSetChip(item: PinnedItem): boolean {
	const kind = chipKind(item);
	return kind !== "note" && kind !== "attachment";
}

/** How the chip is named to a person and to the model: "folder Projects/", "tag #plan", … */
export function chipName(item: PinnedItem): string {
	const target = chipTarget(item);
	switch (chipKind(item)) {
		case "note":
			return target;
		case "attachment":
			return `attachment ${target}`;
		case "folder":
			return `folder ${target.endsWith("/") || target === "" ? target || "/" : `${target}/`}`;
		case "tag":
			return `tag #${target}`;
		case "backlinks":
			return `notes linking to ${target}`;
		case "links":
			return `notes linked from ${target}`;
	}
}

export function samePinnedItem(a: PinnedItem, b: PinnedItem): boolean {
	return chipKind(a) === chipKind(b) && chipTarget(a) === chipTarget(b);
}
