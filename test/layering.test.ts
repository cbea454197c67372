import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/corpus";
import { findLayeringViolations, importsOf, unitOf, type SourceFile } from "./support/layering";
import { tempDir } from "./support/temp";
import { readdir, readFile, writeFile, mkdir } from "../src/node/fs";
import { join, posix, relative } from "../src/node/path";

/** Every .ts/.tsx file under dir, with repository-relative paths measured from base. */
async function readSources(dir: string, base: string): Promise<SourceFile[]> {
	const files: SourceFile[] = [];
	for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile() || !/\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name)) continue;
		const full = join(entry.parentPath, entry.name);
		files.push({ path: relative(base, full).split("\\").join("/"), source: await readFile(full, "utf8") });
	}
	return files;
}

describe("layering", () => {
	it("holds for every file under src/", async () => {
		const files = await readSources(join(repoRoot, "src"), repoRoot);
		expect(files.length).toBeGreaterThan(5);
		expect(findLayeringViolations(files)).toEqual([]);
	});

	it.each<[string, SourceFile, string]>([
		["core importing obsidian", { path: "src/vault/x.ts", source: 'import { App } from "obsidian";' }, "obsidian"],
		[
			"core importing obsidian for types only",
			{ path: "src/thread/x.ts", source: 'import type { TFile } from "obsidian";' },
			"obsidian",
		],
		["ui importing obsidian", { path: "src/ui/Chat.tsx", source: 'import { Notice } from "obsidian";' }, "obsidian"],
		[
			"sandbox importing obsidian",
			{ path: "src/sandbox/x.ts", source: 'export { Plugin } from "obsidian";' },
			"obsidian",
		],
		["core importing react", { path: "src/agent/x.ts", source: 'import { useState } from "react";' }, "react"],
		[
			"core importing react-dom/client",
			{ path: "src/settings.ts", source: 'import { createRoot } from "react-dom/client";' },
			"react",
		],
		["rpc client importing react", { path: "src/rpc/client.ts", source: 'import React from "react";' }, "react"],
		[
			"core importing node:fs",
			{ path: "src/store/x.ts", source: 'import { readFile } from "node:fs/promises";' },
			"Node",
		],
		["core importing path", { path: "src/composer/x.ts", source: 'import path from "path";' }, "Node"],
		["core re-exporting crypto", { path: "src/history/x.ts", source: 'export { createHash } from "crypto";' }, "Node"],
		[
			"core requiring child_process",
			{ path: "src/tools/x.ts", source: 'const cp = require("child_process");' },
			"Node",
		],
		[
			"core importing events dynamically",
			{ path: "src/llm/x.ts", source: 'const e = await import("events");' },
			"Node",
		],
		["ui importing node:url", { path: "src/ui/x.ts", source: 'import { URL } from "node:url";' }, "Node"],
		["rpc client importing http", { path: "src/rpc/client.ts", source: 'import http from "http";' }, "Node"],
		[
			"core importing the ui by a relative path",
			{ path: "src/thread/x.ts", source: 'import { Chat } from "../ui/Chat";' },
			"ui",
		],
		[
			"ui importing the Obsidian host",
			{ path: "src/ui/x.tsx", source: 'import { RedlineView } from "../obsidian/view";' },
			"Obsidian host",
		],
		[
			"core importing a multi-line import",
			{ path: "src/vault/y.ts", source: 'import {\n\ta,\n\tb,\n} from "obsidian";' },
			"obsidian",
		],
		[
			"the composer importing a tool, a floor above it",
			{ path: "src/composer/x.ts", source: 'import { CallStopped } from "../tools/tool";' },
			"composer may not import tools",
		],
		[
			"the log importing a type from the tools",
			{ path: "src/log/x.ts", source: 'import type { ToolContext } from "../tools/tool";' },
			"log may not import tools",
		],
		[
			"the agent re-exporting from the thread service",
			{ path: "src/agent/x.ts", source: 'export { LocalThreadService } from "../thread/service";' },
			"agent may not import thread",
		],
		[
			"llm importing the composer",
			{ path: "src/llm/x.ts", source: 'import { apply } from "../composer/apply";' },
			"llm may not import composer",
		],
		[
			"a file at the top of src importing upward",
			{ path: "src/settings.ts", source: 'import type { Tool } from "./tools/tool";' },
			"settings.ts may not import tools",
		],
		[
			"two hosts on one floor importing each other",
			{ path: "src/sandbox/x.ts", source: 'import { thing } from "../obsidian/thing";' },
			"Obsidian host",
		],
		[
			"the ui importing the sandbox, its sibling above",
			{ path: "src/ui/x.ts", source: 'import { page } from "../sandbox/page/main";' },
			"ui may not import sandbox",
		],
		[
			"a folder on no floor",
			{ path: "src/gadgets/x.ts", source: 'import { newId } from "../log/ids";' },
			"src/gadgets is on no floor",
		],
		[
			"core importing CodeMirror",
			{ path: "src/composer/x.ts", source: 'import { EditorState } from "@codemirror/state";' },
			"@codemirror",
		],
		[
			"ui importing CodeMirror",
			{ path: "src/ui/components/x.tsx", source: 'import { EditorView } from "@codemirror/view";' },
			"@codemirror",
		],
		[
			"the sandbox's node host importing CodeMirror",
			{ path: "src/sandbox/x.ts", source: 'import { EditorView } from "@codemirror/view";' },
			"@codemirror",
		],
		[
			"ui importing the editor extensions",
			{ path: "src/ui/x.tsx", source: 'import { showReview } from "../editor";' },
			"ui may not import editor",
		],
		[
			"core importing the editor extensions",
			{ path: "src/thread/x.ts", source: 'import type { InlineReview } from "../editor/review";' },
			"editor",
		],
		[
			"the editor importing the sandbox",
			{ path: "src/editor/x.ts", source: 'import { NoteEditor } from "../sandbox/page/NoteEditor";' },
			"sandbox",
		],
		[
			"the editor importing the Obsidian host",
			{ path: "src/editor/x.ts", source: 'import { RedlinePlugin } from "../obsidian/plugin";' },
			"Obsidian host",
		],
		[
			"the editor importing obsidian",
			{ path: "src/editor/x.ts", source: 'import { MarkdownView } from "obsidian";' },
			"obsidian",
		],
		["the editor importing react", { path: "src/editor/x.ts", source: 'import { useState } from "react";' }, "react"],
	])("reports %s", (_what, file, mention) => {
		const violations = findLayeringViolations([file]);
		expect(violations).toHaveLength(1);
		expect(violations[0]).toContain(file.path);
		expect(violations[0]).toContain(mention);
	});

	it.each<[string, SourceFile]>([
		[
			"the Obsidian host importing obsidian and react",
			{
				path: "src/obsidian/view.tsx",
				source: 'import { ItemView } from "obsidian";\nimport { createRoot } from "react-dom/client";',
			},
		],
		["main.ts importing obsidian", { path: "src/main.ts", source: 'import { Plugin } from "obsidian";' }],
		[
			"the sandbox importing node and react",
			{
				path: "src/sandbox/x.ts",
				source: 'import http from "node:http";\nimport { renderToString } from "react-dom/server";',
			},
		],
		["the rpc server importing node", { path: "src/rpc/server/x.ts", source: 'import http from "node:http";' }],
		[
			"the ui importing react and the core",
			{
				path: "src/ui/x.tsx",
				source: 'import { useState } from "react";\nimport type { ThreadState } from "../thread/state";',
			},
		],
		[
			"the core importing zod, diff and itself",
			{
				path: "src/tools/x.ts",
				source: 'import { z } from "zod";\nimport { createPatch } from "diff";\nimport { newId } from "../log/ids";',
			},
		],
		[
			"obsidian mentioned only in a comment or a string",
			{ path: "src/vault/x.ts", source: '// import { App } from "obsidian";\nconst s = "import fs from \'fs\'";' },
		],
		[
			"a package whose name merely starts like a built-in",
			{ path: "src/llm/x.ts", source: 'import x from "pathe";\nimport y from "eventsource-parser";' },
		],
		[
			"the agent importing the tools, the log and itself",
			{
				path: "src/agent/x.ts",
				source:
					'import type { Tool } from "../tools/tool";\nimport { newId } from "../log/ids";\nimport { run } from "./runner";',
			},
		],
		[
			"the thread service importing the agent's types",
			{ path: "src/thread/x.ts", source: 'import type { TitleMaker } from "../agent/title-maker";' },
		],
		[
			"main.ts loading the Obsidian plugin",
			{ path: "src/main.ts", source: 'export { default } from "./obsidian/plugin";' },
		],
		[
			"the editor importing CodeMirror, diff, the ui and the core",
			{
				path: "src/editor/x.ts",
				source:
					'import { EditorView } from "@codemirror/view";\nimport { Prec } from "@codemirror/state";\nimport { diffWordsWithSpace } from "diff";\nimport { describe } from "../ui/describe";\nimport { displayPath } from "../vault/display-path";',
			},
		],
		[
			"the sandbox page bundling CodeMirror and the editor",
			{
				path: "src/sandbox/page/x.ts",
				source: 'import { history } from "@codemirror/commands";\nimport { redlineEditor } from "../../editor";',
			},
		],
		[
			"the Obsidian host registering the editor extensions",
			{
				path: "src/obsidian/x.ts",
				source: 'import type { EditorView } from "@codemirror/view";\nimport { redlineEditor } from "../editor";',
			},
		],
	])("allows %s", (_what, file) => {
		expect(findLayeringViolations([file])).toEqual([]);
	});

	it("has no import cycle between the units of src/ (folders and top-level files)", async () => {
		const files = await readSources(join(repoRoot, "src"), repoRoot);
		const edges = new Map<string, Set<string>>();
		for (const file of files) {
			const from = unitOf(file.path);
			if (from === null) continue;
			for (const spec of importsOf(file.source)) {
				if (!spec.startsWith(".")) continue;
				const to = unitOf(posix.normalize(posix.join(posix.dirname(file.path), spec)));
				if (to !== null && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from))?.add(to);
			}
		}
		const cycles: string[] = [];
		const state = new Map<string, "open" | "done">();
		const visit = (unit: string, trail: string[]): void => {
			if (state.get(unit) === "done") return;
			if (state.get(unit) === "open") {
				cycles.push([...trail.slice(trail.indexOf(unit)), unit].join(" -> "));
				return;
			}
			state.set(unit, "open");
			for (const next of edges.get(unit) ?? []) visit(next, [...trail, unit]);
			state.set(unit, "done");
		};
		for (const unit of edges.keys()) visit(unit, []);
		expect(edges.size).toBeGreaterThan(10);
		expect(cycles).toEqual([]);
	});

	it("reports a violation planted in a real file on disk", async () => {
		const root = await tempDir("redline-layering-");
		await mkdir(join(root, "src", "vault"), { recursive: true });
		await mkdir(join(root, "src", "ui"), { recursive: true });
		await writeFile(join(root, "src", "vault", "clean.ts"), 'import { VaultError } from "./vault";\n');
		await writeFile(
			join(root, "src", "vault", "planted.ts"),
			'import { readFile } from "node:fs/promises";\nimport type { TFile } from "obsidian";\n',
		);
		await writeFile(join(root, "src", "ui", "planted.tsx"), 'import { Modal } from "obsidian";\n');
		const violations = findLayeringViolations(await readSources(join(root, "src"), root));
		expect(violations.sort()).toEqual([
			'src/ui/planted.tsx: imports "obsidian": only src/obsidian/ and src/main.ts may import obsidian',
			'src/vault/planted.ts: imports "node:fs/promises": only src/node/, src/sandbox/, src/rpc/server/ and src/obsidian/transport/ may import Node built-ins',
			'src/vault/planted.ts: imports "obsidian": only src/obsidian/ and src/main.ts may import obsidian',
		]);
	});
});
