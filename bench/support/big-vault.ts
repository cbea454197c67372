/**
 * Big generated vaults with a realistic vocabulary, for the index-memory benches (issue 32): notes
 * shaped like kepano's (frontmatter with categories, dates and ratings, headings, links, tags),
 * their words drawn from a Zipf distribution over a large vocabulary (the corpus's own words
 * first, when the shared corpus is there, then made-up words), with dates, times, numbers and
 * links sprinkled in. Mean size about 2.6 KB a note. Deterministic for a given seed and count,
 * so the 1k twin and the 10k row index the same kind of text.
 *
 * Repeating the corpus (what search.bench.ts does) gives a vault of 104 distinct notes and a few
 * thousand distinct words whatever its size; a real vault's vocabulary keeps growing with it,
 * which is where an index's memory goes.
 */
import { mkdir, readdir, readFile, writeFile } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { corpusDir } from "../../test/support/corpus";

/** Distinct words the vocabulary draws from (Zipf ranks). */
const VOCABULARY = 400_000;
/** Zipf exponent: rank r is drawn with probability ∝ 1 / r^S. */
const S = 1.2;
const MEAN_BYTES = 2600;

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const SYLLABLES = (
	"ka lo mi ra ten vel or an dre sil pa mon cor ith ul ve na ros tam bel gri fo hu je lin mar nor " +
	"pel qui sar tor und vis wen yar zol ber cas del fin gan hol isk jor kel lum mer nix ost pry ren"
).split(" ");

function madeUpWord(rank: number): string {
	let word = "";
	let n = rank;
	do {
		word += SYLLABLES[n % SYLLABLES.length];
		n = Math.floor(n / SYLLABLES.length);
	} while (n > 0);
	return word;
}

/** Words of the corpus, most frequent first (empty without the corpus). */
async function corpusWords(): Promise<{ words: string[]; templates: string[] }> {
	const dir = corpusDir();
	if (!dir) return { words: [], templates: [] };
	const counts = new Map<string, number>();
	const templates: string[] = [];
	const walk = async (rel: string): Promise<void> => {
		for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
			if (entry.name.startsWith(".")) continue;
			const child = rel ? `${rel}/${entry.name}` : entry.name;
			if (entry.isDirectory()) await walk(child);
			else if (entry.name.endsWith(".md")) {
				const text = await readFile(join(dir, ...child.split("/")), "utf8");
				templates.push(text);
				for (const word of text.toLowerCase().match(/[a-z]{2,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
			}
		}
	};
	await walk("");
	return { words: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word), templates };
}

export interface GeneratedNote {
	path: string;
	text: string;
}

const FOLDERS = ["Notes", "References", "Clippings", "Daily", "Categories"];
const CATEGORIES = ["Books", "Movies", "People", "Places", "Meetings", "Projects", "Recipes", "Podcasts", "Games"];

/** A vault's notes, generated one at a time. */
export async function* generateNotes(count: number, seed = 32): AsyncGenerator<GeneratedNote> {
	const next = random(seed);
	const { words: known, templates } = await corpusWords();
	const wordAt = (rank: number): string => known[rank] ?? madeUpWord(rank - known.length + 7);
	// Inverse CDF of the Zipf distribution, sampled by binary search.
	const cdf = new Float64Array(VOCABULARY);
	let sum = 0;
	for (let r = 0; r < VOCABULARY; r++) cdf[r] = sum += 1 / Math.pow(r + 1, S);
	const zipf = (): string => {
		const target = next() * sum;
		let lo = 0;
		let hi = VOCABULARY - 1;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (cdf[mid] < target) lo = mid + 1;
			else hi = mid;
		}
		return wordAt(lo);
	};
	const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
	const date = (): string => {
		const day = Math.floor(next() * 3650);
		return new Date(Date.UTC(2016, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
	};
	const titles: string[] = [];
	const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
	const sentence = (): string => {
		const length = 6 + Math.floor(next() * 14);
		const parts: string[] = [];
		for (let i = 0; i < length; i++) {
			const roll = next();
			if (roll < 0.015 && titles.length > 0) parts.push(`[[${pick(titles)}]]`);
			else if (roll < 0.025) parts.push(date());
			else if (roll < 0.035) parts.push(String(Math.floor(next() * 10_000)));
			else if (roll < 0.04)
				parts.push(`${Math.floor(next() * 24)}:${String(Math.floor(next() * 60)).padStart(2, "0")}`);
			else if (roll < 0.045) parts.push(`#${zipf()}`);
			else parts.push(zipf());
		}
		return `${capital(parts.join(" "))}.`;
	};
	for (let n = 0; n < count; n++) {
		const folder = pick(FOLDERS);
		const title =
			folder === "Daily"
				? `${date()} ${n}`
				: `${capital(zipf())} ${zipf()}${next() < 0.5 ? ` ${zipf()}` : ""} ${n.toString(36)}`;
		const lines = ["---", `categories:`, `  - "[[${pick(CATEGORIES)}]]"`, `created: ${date()}`];
		if (next() < 0.5) lines.push(`rating: ${1 + Math.floor(next() * 7)}`);
		if (next() < 0.4 && titles.length > 0) lines.push(`author: "[[${pick(titles)}]]"`);
		lines.push(`tags:`, `  - ${zipf()}`, ...(next() < 0.5 ? [`  - ${pick(CATEGORIES).toLowerCase()}`] : []), "---");
		// A kepano note's own lines now and then, for its shapes (lists, links, templates).
		if (templates.length > 0 && next() < 0.3) lines.push(...pick(templates).split("\n").slice(0, 12));
		// Lognormal sizes around the mean: many short notes, some long ones.
		const target = MEAN_BYTES * Math.exp(0.8 * gaussian(next) - 0.32);
		let size = lines.join("\n").length;
		while (size < target) {
			let block: string;
			const roll = next();
			if (roll < 0.12) block = `\n## ${capital(zipf())} ${zipf()}`;
			else if (roll < 0.3) block = `- ${sentence()}`;
			else block = `${sentence()} ${sentence()} ${sentence()}`;
			lines.push(block);
			size += block.length + 1;
		}
		titles.push(title);
		if (titles.length > 2000) titles.splice(0, 1000);
		yield { path: `${folder}/${title}.md`, text: `${lines.join("\n")}\n` };
	}
}

/** Box-Muller: one standard normal draw. */
function gaussian(next: () => number): number {
	return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

const encoder = new TextEncoder();

/** Writes count generated notes under dir; returns their total size in bytes. */
export async function writeBigVault(dir: string, count: number, seed = 32): Promise<number> {
	let bytes = 0;
	for (const folder of FOLDERS) await mkdir(join(dir, folder), { recursive: true });
	for await (const note of generateNotes(count, seed)) {
		await writeFile(join(dir, ...note.path.split("/")), note.text);
		bytes += encoder.encode(note.text).length;
	}
	return bytes;
}
