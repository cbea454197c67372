/**
 * Bytes [start, end) of a file through a positioned read (Node's FileHandle.read), for the hosts
 * whose Store reads ranges from disk (the sandbox's FolderStore, ObsidianStore on desktop). A read
 * may return fewer bytes than asked without being at the end, so it reads until the span is full
 * or a read returns none (the end of the file: the span is then shorter).
 */
export interface PositionedReads {
	read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

export async function readSpan(file: PositionedReads, start: number, end: number): Promise<Uint8Array> {
	const from = Math.max(0, Math.floor(start));
	const buffer = new Uint8Array(Math.max(0, Math.floor(end) - from));
	let filled = 0;
	while (filled < buffer.length) {
		const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, from + filled);
		if (bytesRead === 0) break;
		filled += bytesRead;
	}
	return filled === buffer.length ? buffer : buffer.subarray(0, filled);
}
