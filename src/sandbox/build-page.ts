/**
 * Builds the sandbox page: one browser bundle (React, the pane, the RPC client) plus the static
 * files and the plugin's own styles.css, into dist/sandbox/.
 */
import { build } from "esbuild";
import * as path from "../node/path";
import { copyFile, mkdir } from "../node/fs";
import { fileURLToPath } from "../node/path";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PAGE_DIR = path.join(REPO_ROOT, "dist", "sandbox");

export async function buildPage(outDir: string = PAGE_DIR): Promise<string> {
	await mkdir(outDir, { recursive: true });
	await build({
		entryPoints: [path.join(REPO_ROOT, "src/sandbox/page/main.tsx")],
		outfile: path.join(outDir, "app.js"),
		bundle: true,
		format: "iife",
		platform: "browser",
		target: "es2022",
		jsx: "automatic",
		minify: true,
		sourcemap: "linked",
		define: { "process.env.NODE_ENV": '"production"' },
		logLevel: "warning",
	});
	const statics = path.join(REPO_ROOT, "src/sandbox/page/static");
	await copyFile(path.join(statics, "index.html"), path.join(outDir, "index.html"));
	await copyFile(path.join(statics, "page.css"), path.join(outDir, "page.css"));
	await copyFile(path.join(REPO_ROOT, "styles.css"), path.join(outDir, "styles.css"));
	return outDir;
}
