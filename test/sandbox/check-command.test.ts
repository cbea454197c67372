/** `npm start -- --check`: the report for both models, and an exit code that says whether they are usable. */
import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/sandbox/cli-args";
import { runCheckCommand } from "../../src/sandbox/check-command";
import { createDemoScript } from "../../src/sandbox/demo-script";
import { checkScript, reply, startModelServer } from "../../src/sandbox/model-server";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";

const vault = new MemoryVault("Check", {});

describe("npm start -- --check", () => {
	it("is a flag of npm start", () => {
		expect(parseCliArgs(["--check"]).check).toBe(true);
		expect(parseCliArgs([]).check).toBeUndefined();
	});

	it("checks the offline demo's main and apply model, prints both reports and exits 0", async () => {
		const result = await runCheckCommand(
			{ model: { kind: "scripted", scriptForVault: (v: Vault) => createDemoScript(v) } },
			vault,
		);
		expect(result.reports.map((r) => [r.target, r.model, r.usable])).toEqual([
			["main", "redline-demo", true],
			["apply", "redline-demo-apply", true],
		]);
		expect(result.text).toMatch(
			/^Main model: redline-demo at http:\/\/127\.0\.0\.1:\d+\/v1 — usable\n {2}\[ok\] Endpoint and key: answered in /,
		);
		expect(result.text).toContain("\nApply model: redline-demo-apply at ");
		expect(result.text).toContain(
			"[ok] Tool calling: 2 structured calls with valid JSON arguments; parallel calls: yes",
		);
		expect(result.text).toMatch(
			/\n {2}\[ok\] Apply \(edit blocks\): 2 edit blocks made the change in \d+\.\d+ s; written whole, a 2,000-token note takes about \d+ s \(measured on the edit blocks: /,
		);
		expect(result.text.trimEnd().endsWith("Redline can work with these models.")).toBe(true);
		expect(result.exitCode).toBe(0);
	});

	it("checks text tool calls when REDLINE_TEXT_TOOLS turns them on", async () => {
		const result = await runCheckCommand(
			{ model: { kind: "scripted", scriptForVault: (v: Vault) => createDemoScript(v) }, textToolCalls: true },
			vault,
		);
		expect(result.text).toContain("[ok] Tool calling (text tool calls): 2 tagged calls with valid JSON arguments");
		expect(result.exitCode).toBe(0);
	});

	it("checks the apply model in the Whole note format when REDLINE_APPLY_FORMAT says so", async () => {
		const result = await runCheckCommand(
			{
				model: { kind: "scripted", scriptForVault: (v: Vault) => createDemoScript(v) },
				settings: { applyFormat: "whole" },
			},
			vault,
		);
		expect(result.text).toMatch(/\[ok\] Apply \(whole note\): the whole note came back with the change in /);
		expect(result.exitCode).toBe(0);
	});

	it("exits 1 with the failing line and its fix when a model cannot work", async () => {
		const result = await runCheckCommand(
			{
				model: {
					kind: "scripted",
					script: checkScript({ tools: reply.text("I would rather not."), "text-tools": reply.text("No.") }),
				},
			},
			vault,
		);
		expect(result.exitCode).toBe(1);
		expect(result.text).toContain("Main model: redline-demo at ");
		expect(result.text).toContain("— not usable");
		expect(result.text).toMatch(
			/\[FAIL\] Tool calling: no structured call\n\s+The model answered in text without calling the tool \("I would rather not\."\)\. As text tool calls: the model wrote no <tool_call> block either\.\n\s+Fix: Choose a model with tool calling/,
		);
		expect(result.text.trimEnd().endsWith("see the lines marked FAIL.")).toBe(true);
	});

	it("prints a 401 that quoted the key without the key or a long piece of it", async () => {
		const key = "sk-ant-api03-9hG7fD5sA3qW1eR2tY4uI6oP8lK0jHgFdSa";
		const server = await startModelServer({
			script: checkScript(),
			apiKey: "the-key-the-server-wants-0000",
			refusalQuotesKey: true,
		});
		try {
			const result = await runCheckCommand(
				{ model: { kind: "real", baseUrl: server.baseURL, model: "scripted", apiKey: key } },
				vault,
			);
			expect(result.exitCode).toBe(1);
			expect(result.text).toContain("Incorrect API key provided: [redacted].");
			const saved = JSON.stringify(result.reports);
			for (const piece of [key, key.slice(0, 12), key.slice(-8)]) {
				expect(result.text).not.toContain(piece);
				expect(saved).not.toContain(piece);
			}
		} finally {
			await server.close();
		}
	});
});
