/**
 * Standing instructions (issue 33): a note the user chose (by default Redline/Instructions.md,
 * when it exists) and, when the setting is on, every AGENTS.md in the vault's folders. They are
 * read from the vault before every model call and go in the system prompt, which compaction never
 * touches, so they reach every request of a thread however long it grows; the meter counts them
 * apart. A note under the access floor is never read this way, and one too long is cut with a
 * notice rather than crowding the context out.
 */
import { instructionsNotePath } from "../settings";
import type { RedlineSettings } from "../settings";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";

/** Characters of one instructions file sent at most (about 4k tokens). */
export const MAX_INSTRUCTIONS_CHARS = 16_000;
const AGENTS_FILE = "AGENTS.md";

type InstructionsSettings = Pick<RedlineSettings, "instructionsNote" | "agentsFiles">;

/** The standing instructions as the system prompt carries them; "" when there are none. */
export async function readStandingInstructions(
	vault: Vault,
	settings: InstructionsSettings,
	floor: AccessFloor,
): Promise<string> {
	const blocks: string[] = [];
	const note = instructionsNotePath(settings);
	if (note !== undefined) {
		const text = await readAllowed(vault, note, floor);
		if (text !== undefined)
			blocks.push(
				`Standing instructions from the user (the note ${JSON.stringify(note)}); follow them in every turn:\n${text}`,
			);
	}
	if (settings.agentsFiles === true) {
		const files = (await vault.list("")).filter(
			(stat) => stat.path === AGENTS_FILE || stat.path.endsWith(`/${AGENTS_FILE}`),
		);
		for (const file of files) {
			const text = await readAllowed(vault, file.path, floor);
			if (text === undefined) continue;
			const folder = file.path.slice(0, -AGENTS_FILE.length);
			const scope = folder === "" ? "the whole vault" : `notes under ${JSON.stringify(folder)}`;
			blocks.push(`Instructions for ${scope} (${JSON.stringify(file.path)}):\n${text}`);
		}
	}
	return blocks.join("\n\n");
}

async function readAllowed(vault: Vault, path: string, floor: AccessFloor): Promise<string | undefined> {
	if (floor.check(path) !== null) return undefined;
	let text: string;
	try {
		if (!(await vault.exists(path))) return undefined;
		text = await vault.read(path);
	} catch {
		// Gone or unreadable since it was listed: no instructions from it this turn.
		return undefined;
	}
	text = text.trim();
	if (text === "") return undefined;
	return text.length > MAX_INSTRUCTIONS_CHARS
		? `${text.slice(0, MAX_INSTRUCTIONS_CHARS)}\n[The rest of this file, ${text.length - MAX_INSTRUCTIONS_CHARS} characters, is not sent: it is longer than standing instructions may be.]`
		: text;
}
