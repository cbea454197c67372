/**
 * Notes are UTF-8. A file that is not valid UTF-8 (Latin-1, UTF-16, a binary file named .md) is
 * refused, never decoded lossily: a lossy decode turns every bad byte into U+FFFD, a write then
 * stores those for good, and no revert can bring the bytes back. Every Vault decodes through here.
 */
import { VaultError } from "./vault";

// fatal: throw on a bad byte; ignoreBOM: keep a BOM in the text (the composer keeps it in place).
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of a note's bytes, or a VaultError "not-text" when they are not valid UTF-8. */
export function decodeNote(bytes: Uint8Array, path: string): string {
	try {
		return decoder.decode(bytes);
	} catch {
		throw notText(path);
	}
}

export function notText(path: string): VaultError {
	return new VaultError(
		"not-text",
		`${path} is not valid UTF-8 text, so Redline does not read or change it (it was left as it is).`,
		path,
	);
}
