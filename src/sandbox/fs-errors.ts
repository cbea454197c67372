/** Node fs error codes, translated into the Vault port's errors. */
import { VaultError } from "../vault/vault";

/** The errno code ("ENOENT"…) of a Node fs error, if any. */
export function errno(error: unknown): string | undefined {
	const code = (error as { code?: unknown } | null)?.code;
	return typeof code === "string" ? code : undefined;
}

/** Maps a Node fs error to a VaultError that names the vault path. */
export function toVaultError(error: unknown, path: string): VaultError {
	if (error instanceof VaultError) return error;
	const quoted = JSON.stringify(path);
	switch (errno(error)) {
		case "ENOENT":
			return new VaultError("not-found", `No note at ${quoted}`, path);
		case "EEXIST":
			return new VaultError("already-exists", `${quoted} already exists`, path);
		case "EISDIR":
			return new VaultError("not-a-file", `${quoted} is a folder, not a note`, path);
		case "ENOTDIR":
			return new VaultError("not-a-file", `${quoted} passes through a note as if it were a folder`, path);
		default:
			return new VaultError(
				"io",
				`Could not access ${quoted}: ${error instanceof Error ? error.message : String(error)}`,
				path,
			);
	}
}
