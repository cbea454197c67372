/**
 * setProperties' draft: the note as it is, the frontmatter change made locally (edit-properties.ts,
 * no model), as a Drafted that review before write offers and commit.ts writes like any edit, so
 * the change is shown as a redline, written by compare-and-swap and reverted from the history.
 */
import type { Drafted, EditOutcome } from "../edit-outcome";
import type { EditSession } from "../edit-session";
import { editProperties, type PropertiesEdit, type PropertyChange } from "./edit-properties";
import type { YamlCodec } from "./yaml-codec";

export interface PropertiesRequest {
	editId: string;
	path: string;
	change: PropertyChange;
}

/** Refused by the frontmatter edit (invalid YAML and the like); nothing written. */
export type PropertiesRefused = Extract<PropertiesEdit, { ok: false }> & { editId: string; path: string };

/** A draft, nothing to change (`unchanged`, with what was asked and already so), or a refusal. */
export type DraftedProperties =
	| { drafted: Drafted; edit: Extract<PropertiesEdit, { ok: true }> }
	| { unchanged: Extract<PropertiesEdit, { ok: true }>; path: string; editId: string }
	| { refused: PropertiesRefused }
	| { outcome: EditOutcome };

export async function draftProperties(
	request: PropertiesRequest,
	session: Pick<EditSession, "vault">,
	codec: YamlCodec,
): Promise<DraftedProperties> {
	const { editId, path, change } = request;
	let base: string;
	try {
		if (!(await session.vault.exists(path)))
			return { outcome: { status: "rejected", kind: "not-found", step: "execute", editId, path } };
		base = await session.vault.read(path);
	} catch (error) {
		return { outcome: { status: "error", kind: "vault-failed", error, editId, path } };
	}
	const edit = editProperties(base, change, codec);
	if (!edit.ok) return { refused: { ...edit, editId, path } };
	if (edit.text === base) return { unchanged: edit, path, editId };
	const drafted: Drafted = {
		editId,
		path,
		description: describeChange(edit),
		base,
		proposed: edit.text,
		notes: {},
		dropped: [],
	};
	return { drafted, edit };
}

/** "Set status, due; remove draft": what the history entry says of the change. */
export function describeChange(edit: { set: readonly string[]; removed: readonly string[] }): string {
	const parts = [
		...(edit.set.length > 0 ? [`set ${edit.set.join(", ")}`] : []),
		...(edit.removed.length > 0 ? [`remove ${edit.removed.join(", ")}`] : []),
	];
	const text = parts.join("; ");
	return `Properties: ${text}`;
}
