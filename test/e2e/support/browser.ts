/**
 * Chromium for end-to-end tests: Debian's build driven by playwright-core (its own browser
 * download cannot work here). When Chromium is missing the e2e suites are skipped, loudly.
 */
import { chromium, type Browser } from "playwright-core";
import { existsSync } from "../../../src/node/fs";
import { process } from "../../../src/node/process";

const CANDIDATES = [
	process.env.CHROMIUM_PATH,
	"/usr/bin/chromium",
	"/usr/bin/chromium-browser",
	"/usr/bin/google-chrome",
];

export const chromiumPath: string | null = CANDIDATES.find((p): p is string => !!p && existsSync(p)) ?? null;

if (!chromiumPath) {
	console.warn(
		"\n!!! Chromium not found: the end-to-end tests in test/e2e are SKIPPED.\n!!! Install it with `apt-get install -y chromium` (CI's .ci/run does) or set CHROMIUM_PATH.\n",
	);
}

export async function launchChromium(): Promise<Browser> {
	if (!chromiumPath) throw new Error("Chromium is not installed");
	return chromium.launch({
		executablePath: chromiumPath,
		headless: true,
		args: [
			"--headless",
			"--no-sandbox",
			"--disable-gpu",
			"--disable-background-networking",
			"--disable-component-update",
			"--no-first-run",
			"--disable-sync",
			"--disable-quic",
		],
	});
}
