import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/corpus";
import { findLayeringViolations, type SourceFile } from "./support/layering";
import { tempDir } from "./support/temp";
import { readdir, readFile, writeFile, mkdir } from "../src/node/fs";
import { join, relative } from "../src/node/path";

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
		["core importing obsidian for types only", { path: "src/thread/x.ts", source: 'import type { TFile } from "obsidian";' }, "obsidian"],
		["ui importing obsidian", { path: "src/ui/Chat.tsx", source: 'import { Notice } from "obsidian";' }, "obsidian"],
		["sandbox importing obsidian", { path: "src/sandbox/x.ts", source: 'export { Plugin } from "obsidian";' }, "obsidian"],
		["core importing react", { path: "src/agent/x.ts", source: 'import { useState } from "react";' }, "react"],
		["core importing react-dom/client", { path: "src/settings.ts", source: 'import { createRoot } from "react-dom/client";' }, "react"],
		["rpc client importing react", { path: "src/rpc/client.ts", source: 'import React from "react";' }, "react"],
		["core importing node:fs", { path: "src/store/x.ts", source: 'import { readFile } from "node:fs/promises";' }, "Node"],
		["core importing path", { path: "src/composer/x.ts", source: 'import path from "path";' }, "Node"],
		["core re-exporting crypto", { path: "src/history/x.ts", source: 'export { createHash } from "crypto";' }, "Node"],
		["core requiring child_process", { path: "src/tools/x.ts", source: 'const cp = require("child_process");' }, "Node"],
		["core importing events dynamically", { path: "src/llm/x.ts", source: 'const e = await import("events");' }, "Node"],
		["ui importing node:url", { path: "src/ui/x.ts", source: 'import { URL } from "node:url";' }, "Node"],
		["rpc client importing http", { path: "src/rpc/client.ts", source: 'import http from "http";' }, "Node"],
		["core importing the ui by a relative path", { path: "src/thread/x.ts", source: 'import { Chat } from "../ui/Chat";' }, "ui"],
		["ui importing the Obsidian host", { path: "src/ui/x.tsx", source: 'import { RedlineView } from "../obsidian/view";' }, "Obsidian host"],
		["core importing a multi-line import", { path: "src/vault/y.ts", source: 'import {\n\ta,\n\tb,\n} from "obsidian";' }, "obsidian"],
	])("reports %s", (_what, file, mention) => {
		const violations = findLayeringViolations([file]);
		expect(violations).toHaveLength(1);
		expect(violations[0]).toContain(file.path);
		expect(violations[0]).toContain(mention);
	});

	it.each<[string, SourceFile]>([
		["the Obsidian host importing obsidian and react", { path: "src/obsidian/view.tsx", source: 'import { ItemView } from "obsidian";\nimport { createRoot } from "react-dom/client";' }],
		["main.ts importing obsidian", { path: "src/main.ts", source: 'import { Plugin } from "obsidian";' }],
		["the sandbox importing node and react", { path: "src/sandbox/x.ts", source: 'import http from "node:http";\nimport { renderToString } from "react-dom/server";' }],
		["the rpc server importing node", { path: "src/rpc/server/x.ts", source: 'import http from "node:http";' }],
		["the ui importing react and the core", { path: "src/ui/x.tsx", source: 'import { useState } from "react";\nimport type { ThreadState } from "../thread/state";' }],
		["the core importing zod, diff and itself", { path: "src/tools/x.ts", source: 'import { z } from "zod";\nimport { createPatch } from "diff";\nimport { newId } from "../thread/ids";' }],
		["obsidian mentioned only in a comment or a string", { path: "src/vault/x.ts", source: '// import { App } from "obsidian";\nconst s = "import fs from \'fs\'";' }],
		["a package whose name merely starts like a built-in", { path: "src/llm/x.ts", source: 'import x from "pathe";\nimport y from "eventsource-parser";' }],
	])("allows %s", (_what, file) => {
		expect(findLayeringViolations([file])).toEqual([]);
	});

	it("reports a violation planted in a real file on disk", async () => {
		const root = await tempDir("redline-layering-");
		await mkdir(join(root, "src", "vault"), { recursive: true });
		await mkdir(join(root, "src", "ui"), { recursive: true });
		await writeFile(join(root, "src", "vault", "clean.ts"), 'import { VaultError } from "./vault";\n');
		await writeFile(join(root, "src", "vault", "planted.ts"), 'import { readFile } from "node:fs/promises";\nimport type { TFile } from "obsidian";\n');
		await writeFile(join(root, "src", "ui", "planted.tsx"), 'import { Modal } from "obsidian";\n');
		const violations = findLayeringViolations(await readSources(join(root, "src"), root));
		expect(violations.sort()).toEqual([
			'src/ui/planted.tsx: imports "obsidian": only src/obsidian/ and src/main.ts may import obsidian',
			'src/vault/planted.ts: imports "node:fs/promises": only src/node/, src/sandbox/, src/rpc/server/ and src/obsidian/transport/ may import Node built-ins',
			'src/vault/planted.ts: imports "obsidian": only src/obsidian/ and src/main.ts may import obsidian',
		]);
	});
});
