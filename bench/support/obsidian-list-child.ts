/**
 * ObsidianVault.list over a 50,000-note vault of Obsidian's fake (the test one: its
 * getMarkdownFiles hands back its files as Obsidian does), run as the plugin runs it, in this fresh
 * process: the longest event-loop block while it lists (the search index's warm start lists the
 * vault), and its wall time. `obsidian` resolves to the fake through bench/tsconfig.obsidian-fake.json
 * (TSX_TSCONFIG_PATH). Prints one JSON line. Usage: node --import tsx bench/support/obsidian-list-child.ts <notes>
 */
import { App } from "../../test/fakes/obsidian";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { process } from "../../src/node/process";
import { measureBlocking } from "./loop-blocking";

const notes = Number(process.argv[2] ?? 50_000);
const app = new App();
const files: Record<string, string> = {};
for (let i = 0; i < notes; i++) files[`Folder ${i % 97}/Sub ${i % 13}/Note ${(i * 7919) % notes}.md`] = "";
app.vault.seed(files);
// Obsidian keeps its file list in memory: the fake's own copy of its index is not the plugin's work.
const markdown = app.vault.getMarkdownFiles();
app.vault.getMarkdownFiles = () => [...markdown];
const vault = new ObsidianVault(app as never);
await vault.list(); // the first run compiles; a warm start's listing is not the process's first code
const measured = await measureBlocking(() => vault.list());
process.stdout.write(
	`${JSON.stringify({ notes: measured.result.length, ms: measured.ms, blockedMs: measured.blockedMs, blockedMainMs: measured.blockedMainMs })}\n`,
);
process.exit(0);
