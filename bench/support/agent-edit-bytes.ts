/**
 * What the store is written when the agent makes a one-line edit, on the path the app runs:
 * createRedline over a FolderStore in a temp folder (the sandbox's store), the scripted model
 * server, declareEditIntent then the apply model. Everything the store takes is counted: the
 * thread's log, the note's history and the history's index; the note itself is in the vault and
 * not counted. The first edit of a note writes its history's base once (about the note's size);
 * the row is a later edit, which is what each further edit of the note costs (issue 32).
 */
import { mkdtemp, rm } from "../../src/node/fs";
import { tmpdir } from "../../src/node/os";
import { join } from "../../src/node/path";
import { benchRedline } from "./bench-redline";
import { FolderStore } from "../../src/sandbox/folder-store";
import { startModelServer } from "../../src/sandbox/model-server";
import { MemoryVault } from "../../src/vault/memory-vault";
import { CountingStore } from "../../test/support/counting-store";
import { benchSettings } from "./edit-harness";
import { createEditScript } from "./edit-script";

const NOTE_PATH = "Bench/Big.md";
const UNPACED = { firstTokenMs: 0, tokensPerSecond: 0 };

export interface AgentEditBytes {
	/** Bytes the first agent edit of the note wrote (its history's base included). */
	first: number;
	/** Bytes a later one-line agent edit wrote, by kind of key. */
	later: { log: number; history: number; total: number };
}

function noteOf(bytes: number): string {
	let text = "# Big\n\n";
	for (let i = 0; text.length < bytes; i++) text += `Line ${i} of a long plan, typo${i} teh word, and a few more.\n`;
	return text;
}

/** Two one-line agent edits of a note of about `bytes`, each a whole turn of a new thread. */
export async function agentEditBytes(bytes: number): Promise<AgentEditBytes> {
	const dir = await mkdtemp(join(tmpdir(), "redline-edit-bytes-"));
	const edits = createEditScript();
	const server = await startModelServer({ script: edits.script });
	const note = noteOf(bytes);
	const vault = new MemoryVault("Bench", { [NOTE_PATH]: note });
	const store = new CountingStore(new FolderStore(dir));
	const settings = benchSettings(server.baseURL);
	const redline = await benchRedline({ vault, store, settings, titles: "first-words" });
	const { service } = redline;
	const edit = async (n: number) => {
		const created = await service.createThread({ title: `edit ${n}` });
		if (!created.ok) throw new Error(created.error.message);
		const before = await vault.read(NOTE_PATH);
		const change = (text: string) => text.replace(`typo${n} teh word`, `typo${n} the word`);
		edits.begin({ path: NOTE_PATH, note: before, description: `Fix the typo on line ${n}`, change, mainPace: UNPACED });
		store.reset();
		const sent = await service.sendMessage({ threadId: created.threadId, content: `Fix the typo on line ${n}` });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(created.threadId);
		// A bench that measures a broken edit measures nothing.
		if ((await vault.read(NOTE_PATH)) !== change(before)) throw new Error(`agent edit ${n} did not land`);
	};
	try {
		await edit(1);
		const first = store.written();
		await edit(2);
		const history = store.written("history/");
		return { first, later: { log: store.written("threads/"), history, total: store.written() } };
	} finally {
		await redline.dispose();
		await server.close();
		await rm(dir, { recursive: true, force: true });
	}
}
