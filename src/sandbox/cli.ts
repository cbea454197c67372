/**
 * `npm start`: builds the page, starts the sandbox on 127.0.0.1 and prints the URL with its
 * access token (and opens it where there is a browser).
 */
import { buildPage, PAGE_DIR, REPO_ROOT } from "./build-page";
import { CliError, parseCliArgs, USAGE } from "./cli-args";
import { DEFAULT_SETTINGS } from "../settings";
import type { Vault } from "../vault/vault";
import { runCheckCommand } from "./check-command";
import { createDemoScript } from "./demo-script";
import { MemoryVault } from "../vault/memory-vault";
import { SandboxStartError, startSandbox, type SandboxModel } from "./sandbox";
import * as path from "../node/path";
import { spawn } from "../node/child-process";
import { cp, mkdtemp } from "../node/fs";
import { tmpdir } from "../node/os";
import { process } from "../node/process";
import { redact } from "../log/redact";

async function scratchVault(): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), "redline-sandbox-"));
	const vault = path.join(dir, "Sample vault");
	await cp(path.join(REPO_ROOT, "examples", "vault"), vault, { recursive: true });
	return vault;
}

function modelFromEnv(env: Readonly<Record<string, string | undefined>>): SandboxModel {
	if (!env.OPENAI_API_KEY) return { kind: "scripted", scriptForVault: (vault: Vault) => createDemoScript(vault) };
	return {
		kind: "real",
		apiKey: env.OPENAI_API_KEY,
		baseUrl: env.OPENAI_BASE_URL || "https://api.openai.com/v1",
		model: env.REDLINE_MODEL || "gpt-4.1",
		applyModel: env.REDLINE_APPLY_MODEL,
		applyBaseUrl: env.REDLINE_APPLY_BASE_URL,
		applyApiKey: env.REDLINE_APPLY_API_KEY,
	};
}

function openBrowser(url: string): void {
	const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
	const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
	const child = spawn(command, args, { stdio: "ignore", detached: true });
	child.on("error", () => undefined); // no browser here: the printed URL is enough
	child.unref();
}

async function main(): Promise<void> {
	const options = parseCliArgs(process.argv.slice(2), process.env);
	if (options.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const model = modelFromEnv(process.env);
	if (options.check) {
		const result = await runCheckCommand(
			{
				model,
				contextTokens: options.contextTokens,
				maxOutputTokens: options.maxOutputTokens,
				textToolCalls: options.textToolCalls,
				...(options.applyFormat ? { settings: { applyFormat: options.applyFormat } } : {}),
			},
			new MemoryVault("Check", {}),
		);
		process.stdout.write(result.text);
		process.exitCode = result.exitCode;
		return;
	}
	if (options.build) await buildPage();
	const vaultDir = options.vault ? path.resolve(options.vault) : await scratchVault();
	const sandbox = await startSandbox({
		vaultDir,
		pageDir: PAGE_DIR,
		model,
		port: options.port,
		token: options.token,
		contextTokens: options.contextTokens,
		maxOutputTokens: options.maxOutputTokens,
		textToolCalls: options.textToolCalls,
		settings: {
			...(options.applyFormat ? { applyFormat: options.applyFormat } : {}),
			...(options.editReview ? { editReview: options.editReview } : {}),
			...(options.budgetTokens ? { budget: { unit: "tokens" as const, amount: options.budgetTokens } } : {}),
		},
	});
	process.stdout.write(`Redline sandbox
  vault: ${vaultDir}${options.vault ? "" : " (a scratch copy of examples/vault)"}
  model: ${model.kind !== "real" ? "offline scripted demo (set OPENAI_API_KEY for a real model)" : `${model.model} at ${model.baseUrl}`}
  apply: ${(options.applyFormat ?? DEFAULT_SETTINGS.applyFormat) === "edits" ? "edit blocks (REDLINE_APPLY_FORMAT=whole for the whole note)" : "whole note"}
  open:  ${sandbox.pageUrl}
Press Ctrl+C to stop.\n`);
	if (options.open && !process.env.CI) openBrowser(sandbox.pageUrl);
	const stop = () => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.once("SIGINT", stop);
	process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
	if (error instanceof CliError || error instanceof SandboxStartError) {
		console.error(`redline: ${redact(error.message)}`);
		process.exit(2);
	}
	// Redacted: a failure may quote a key (the console is a log line like any other).
	console.error(redact(error instanceof Error ? (error.stack ?? error.message) : String(error)));
	process.exit(1);
});
