/**
 * Starts the real sandbox (service, tools, pane over HTTP) on a scratch copy of the sample vault,
 * with a scripted model per test, and opens its page in Chromium. A screenshot of every test is
 * saved under test-results/e2e/.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildPage, REPO_ROOT } from "../../../src/sandbox/build-page";
import type { ModelScript } from "../../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../../src/sandbox/sandbox";
import type { RedlineSettings } from "../../../src/settings";
import type { Vault } from "../../../src/vault/vault";
import { launchChromium } from "./browser";
import * as path from "../../../src/node/path";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "../../../src/node/fs";
import { tmpdir } from "../../../src/node/os";
import type { NodeBuffer } from "../../../src/node/buffer";

export const SCREENSHOT_DIR = path.join(REPO_ROOT, "test-results", "e2e");

let pageBuild: Promise<string> | null = null;
/** One page build per test file (into its own folder, so parallel files do not collide). */
export function builtPage(): Promise<string> {
	pageBuild ??= mkdtemp(path.join(tmpdir(), "redline-page-")).then((dir) => buildPage(dir));
	return pageBuild;
}

export interface E2E {
	sandbox: Sandbox;
	browser: Browser;
	/** The first tab, already loaded. */
	page: Page;
	vaultDir: string;
	/** A note of the scratch vault as text. */
	readNote: (relativePath: string) => Promise<string>;
	/** A note of the scratch vault byte for byte. */
	readNoteBytes: (relativePath: string) => Promise<NodeBuffer>;
	/** Another tab on the sandbox (same browser window, so same origin storage). */
	openPage: () => Promise<Page>;
	/** Saves a full-page screenshot of `page` (the first tab by default) under test-results/e2e/. */
	screenshot: (name: string, page?: Page) => Promise<void>;
	close: () => Promise<void>;
}

export interface E2EOptions {
	settings?: Partial<RedlineSettings>;
	/** The main model can only write text: "Text tool calls" on (see SandboxOptions.textToolCalls). */
	textToolCalls?: boolean;
	/** Runs on the browser context before the first tab opens (to route its requests, say). */
	beforeOpen?: (context: BrowserContext) => Promise<void>;
	/** Writes these notes (relative path → text) into the scratch vault before the sandbox starts. */
	notes?: Record<string, string>;
	/** The main model's "Context window (tokens)" (see SandboxOptions.contextTokens). */
	contextTokens?: number;
}

/** A script, or one built from the sandbox's vault (as the offline demo is). */
export type E2EScript = ModelScript | { forVault: (vault: Vault) => ModelScript };

export async function startE2E(script: E2EScript, browser?: Browser, options: E2EOptions = {}): Promise<E2E> {
	const pageDir = await builtPage();
	const scratch = await mkdtemp(path.join(tmpdir(), "redline-e2e-"));
	const vaultDir = path.join(scratch, "Sample vault");
	await cp(path.join(REPO_ROOT, "examples", "vault"), vaultDir, { recursive: true });
	for (const [relativePath, text] of Object.entries(options.notes ?? {})) {
		await mkdir(path.dirname(path.join(vaultDir, relativePath)), { recursive: true });
		await writeFile(path.join(vaultDir, relativePath), text);
	}
	// The older browser tests walk the plan flow ("Ask me about the plan first"); the review
	// card's own tests (review-card.test.ts) pass settings { editReview: "changes" }, the default.
	const sandbox = await startSandbox({
		vaultDir,
		pageDir,
		model:
			typeof script === "function"
				? { kind: "scripted", script }
				: { kind: "scripted", scriptForVault: script.forVault },
		settings: { editReview: "plan", ...options.settings },
		...(options.textToolCalls ? { textToolCalls: true } : {}),
		...(options.contextTokens !== undefined ? { contextTokens: options.contextTokens } : {}),
	});
	const ownBrowser = !browser;
	const chromium = browser ?? (await launchChromium());
	let context: BrowserContext;
	try {
		context = await chromium.newContext({ viewport: { width: 1400, height: 900 } });
		await options.beforeOpen?.(context);
	} catch (error) {
		await sandbox.close();
		throw error;
	}
	const openPage = async () => {
		const page = await context.newPage();
		page.on("pageerror", (error) => console.error("[page error]", error));
		await page.goto(sandbox.pageUrl);
		return page;
	};
	const page = await openPage();
	const notePath = (relativePath: string) => path.join(vaultDir, relativePath);
	return {
		sandbox,
		browser: chromium,
		page,
		vaultDir,
		readNote: (relativePath) => readFile(notePath(relativePath), "utf8"),
		readNoteBytes: (relativePath) => readFile(notePath(relativePath)),
		openPage,
		screenshot: async (name, target = page) => {
			await mkdir(SCREENSHOT_DIR, { recursive: true });
			await target.screenshot({
				path: path.join(SCREENSHOT_DIR, `${name.replace(/[^\w-]+/g, "-")}.png`),
				fullPage: true,
			});
		},
		close: async () => {
			await context.close().catch(() => undefined);
			if (ownBrowser) await chromium.close();
			await sandbox.close();
			await rm(scratch, { recursive: true, force: true });
		},
	};
}

/**
 * Runs one scenario on its own sandbox and scratch vault in a shared browser, and always leaves a
 * screenshot of the first tab (also when the scenario fails: that is when it is most useful).
 */
export async function withE2E(
	browser: Browser,
	name: string,
	script: E2EScript,
	body: (e2e: E2E) => Promise<void>,
	options: E2EOptions = {},
): Promise<void> {
	const e2e = await startE2E(script, browser, options);
	try {
		await body(e2e);
	} finally {
		await e2e.screenshot(name).catch((error: unknown) => console.error(`[e2e] screenshot ${name} failed:`, error));
		await e2e.close();
	}
}
