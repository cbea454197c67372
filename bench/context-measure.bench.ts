/**
 * The context meter's estimate of the next request (issue 33, v1.context.measure) is asked again
 * at every pause in typing: what one ask costs against the thread's length. Threads of 1,000 and
 * 20,000 tool calls (support/long-thread.ts, the shape step-cost.bench.ts opens: older turns
 * compacted), opened through the app's own wiring (createRedline over a FolderStore); the first
 * ask after opening folds the log once (the transcript fold the runner keeps too), the asks after
 * it, each with a longer draft as typing makes, must not grow with the log. The row is the median
 * of 20 asks.
 */
import { createRedline } from "../src/redline";
import { FolderStore } from "../src/sandbox/folder-store";
import { yamlLibraryCodec } from "../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../src/search/text-catalog";
import { DEFAULT_SETTINGS } from "../src/settings";
import type { RedlineSettings } from "../src/settings";
import { MemoryVault } from "../src/vault/memory-vault";
import { mkdtemp, rm } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { writeLongThread } from "./support/long-thread";
import { toolTurn } from "./support/tool-turn";
import type { BenchRow } from "./run";

const AREA = "context meter";
const ASKS = 20;

async function timeAsks(calls: number): Promise<{ first: number; median: number }> {
	const dir = await mkdtemp(join(tmpdir(), "redline-measure-"));
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: "http://127.0.0.1:9", model: "bench-main", temperature: 0, contextTokens: 128_000 },
		applyModel: {},
	};
	try {
		// All but the last four turns compacted, as step-cost.bench.ts writes its threads.
		const { threadId } = await writeLongThread(dir, calls, { turn: toolTurn, compactAllButLast: 4 });
		const vault = new MemoryVault("Bench", { "Redline/Instructions.md": "# Instructions\n- Be brief." });
		const redline = await createRedline({
			yaml: yamlLibraryCodec,
			vault,
			noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
			store: new FolderStore(dir),
			settings: () => settings,
			credentials: () => ({}),
			protectedFolders: [],
		});
		try {
			const ask = async (content: string): Promise<number> => {
				const start = performance.now();
				const answer = await redline.service.measureContext({ threadId, draft: { content } });
				if (!answer.ok) throw new Error(answer.error.message);
				return performance.now() - start;
			};
			const first = await ask("");
			const times: number[] = [];
			let draft = "";
			for (let i = 0; i < ASKS; i++) times.push(await ask((draft += "Summarise my notes ")));
			times.sort((a, b) => a - b);
			return { first, median: times[Math.floor(times.length / 2)] };
		} finally {
			await redline.dispose();
		}
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

export async function run(): Promise<BenchRow[]> {
	await timeAsks(200); // warm-up
	const small = await timeAsks(1_000);
	const large = await timeAsks(20_000);
	return [
		{
			area: AREA,
			metric: "next-request estimate, 1,000 calls in the thread (median of 20 asks)",
			value: small.median,
			unit: "ms",
		},
		{
			area: AREA,
			metric: "next-request estimate, 20,000 calls in the thread (median of 20 asks)",
			value: large.median,
			unit: "ms",
			target: "<= 16",
		},
		{
			area: AREA,
			metric: "  first ask, which opens the 20,000-call log and folds it once",
			value: large.first,
			unit: "ms",
		},
		{
			area: AREA,
			metric: "estimate time, 20,000 / 1,000 calls",
			value: large.median / small.median,
			unit: "x",
			target: "<= 1.5",
		},
	];
}
