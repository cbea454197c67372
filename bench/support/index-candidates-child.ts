/**
 * The index candidates of issue 32 on the same generated vault, in memory, alone in a fresh
 * process: minisearch as Redline used it, minisearch tuned (no words over 24 characters, no
 * numbers, dates or times: the most it saves by giving those a field of their own), and the
 * compact index (NoteMiniSearch). Prints heap + array buffers after GC, in MB, as one JSON line.
 * Usage: node --expose-gc --import tsx bench/support/index-candidates-child.ts <candidate> <notes>
 */
import MiniSearch from "minisearch";
import { INDEX_OPTIONS, toDocument, type IndexedDocument } from "../../src/search/index-schema";
import { noteFields } from "../../src/search/note-fields";
import { NoteMiniSearch } from "../../src/search/note-minisearch";
import { Slicer } from "../../src/search/pacer";
import { termsOf } from "../../src/search/terms";
import { garbageCollector } from "../../src/node/diagnostics";
import { process } from "../../src/node/process";
import { nextImmediate } from "../../src/node/timers";
import { generateNotes } from "./big-vault";

const [candidate = "", count = "1000"] = process.argv.slice(2);
const collect = garbageCollector();
const used = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const NUMERIC = /^[0-9]+$/;

async function main(): Promise<void> {
	const documents: IndexedDocument[] = [];
	for await (const note of generateNotes(Number(count)))
		documents.push(toDocument(noteFields(note.path, note.text, null)));
	collect();
	const base = used();
	let index: unknown;
	if (candidate === "minisearch") {
		const m = new MiniSearch<IndexedDocument>(INDEX_OPTIONS);
		for (const d of documents) m.add(d);
		index = m;
	} else if (candidate === "minisearch-tuned") {
		const m = new MiniSearch<IndexedDocument>({
			...INDEX_OPTIONS,
			tokenize: (text) => termsOf(text).filter((t) => t.length <= 24 && !NUMERIC.test(t)),
		});
		for (const d of documents) m.add(d);
		index = m;
	} else {
		const m = new NoteMiniSearch();
		const slicer = new Slicer({ now: () => performance.now(), yield: nextImmediate });
		for (const d of documents) {
			m.addNote(d);
			if (m.wantsSeal) await m.compact(slicer);
		}
		await m.compact(slicer, true);
		index = m;
	}
	collect();
	const MB = (used() - base) / 1e6;
	// The notes' text stays referenced until here, so it is in the base and not in the index's figure.
	process.stdout.write(`${JSON.stringify({ candidate, notes: documents.length, MB, kept: index !== null })}\n`);
}

void main();
