/**
 * Starts the real sandbox (service, tools, pane over HTTP) on a scratch copy of the sample vault,
 * with a scripted model per test, and opens its page in Chromium. A screenshot of every test is
 * saved under test-results/e2e/.
 */
import { cp, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { buildPage, REPO_ROOT } from "../../../src/sandbox/build-page";
import type { ModelScript } from "../../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../../src/sandbox/sandbox";
import { launchChromium } from "./browser";

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
	page: Page;
	vaultDir: string;
	readNote(relativePath: string): Promise<string>;
	openPage(): Promise<Page>;
	screenshot(name: string): Promise<void>;
	close(): Promise<void>;
}

export async function startE2E(script: ModelScript, browser?: Browser): Promise<E2E> {
	const pageDir = await builtPage();
	const scratch = await mkdtemp(path.join(tmpdir(), "redline-e2e-"));
	const vaultDir = path.join(scratch, "Sample vault");
	await cp(path.join(REPO_ROOT, "examples", "vault"), vaultDir, { recursive: true });
	const sandbox = await startSandbox({ vaultDir, pageDir, model: { kind: "scripted", script } });
	const ownBrowser = !browser;
	const chromium = browser ?? (await launchChromium());
	const openPage = async () => {
		const page = await chromium.newPage({ viewport: { width: 1400, height: 900 } });
		page.on("pageerror", (error) => console.error("[page error]", error));
		await page.goto(sandbox.pageUrl);
		return page;
	};
	const page = await openPage();
	return {
		sandbox,
		browser: chromium,
		page,
		vaultDir,
		readNote: (relativePath) => readFile(path.join(vaultDir, relativePath), "utf8"),
		openPage,
		async screenshot(name) {
			await mkdir(SCREENSHOT_DIR, { recursive: true });
			await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name.replace(/[^\w-]+/g, "-")}.png`), fullPage: true });
		},
		async close() {
			await page.close().catch(() => undefined);
			if (ownBrowser) await chromium.close();
			await sandbox.close();
			await rm(scratch, { recursive: true, force: true });
		},
	};
}
