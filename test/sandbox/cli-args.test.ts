import { describe, expect, it } from "vitest";
import { CliError, parseCliArgs } from "../../src/sandbox/cli-args";

describe("npm start flags", () => {
	it("defaults to a scratch vault, a free port, a random token, building and opening the browser", () => {
		expect(parseCliArgs([])).toEqual({ open: true, build: true, help: false, token: undefined });
	});

	it("reads --vault, --port, --token, --no-open and --no-build, with a space or an equals sign", () => {
		expect(parseCliArgs(["--vault", "My vault", "--port=4321", "--token", "t0k", "--no-open", "--no-build"])).toEqual({
			vault: "My vault",
			port: 4321,
			token: "t0k",
			open: false,
			build: false,
			help: false,
		});
	});

	it("takes the token from REDLINE_TOKEN unless --token is given", () => {
		expect(parseCliArgs([], { REDLINE_TOKEN: "from-env" }).token).toBe("from-env");
		expect(parseCliArgs(["--token", "flag"], { REDLINE_TOKEN: "from-env" }).token).toBe("flag");
	});

	it("takes both models' reply limit from REDLINE_MAX_TOKENS, and refuses one that is not a token count", () => {
		expect(parseCliArgs([], { REDLINE_MAX_TOKENS: "4,096" }).maxOutputTokens).toBe(4096);
		expect(parseCliArgs([], {}).maxOutputTokens).toBeUndefined();
		for (const bad of ["lots", "12", "3.5"]) {
			expect(() => parseCliArgs([], { REDLINE_MAX_TOKENS: bad })).toThrow(
				/REDLINE_MAX_TOKENS must be a whole number of tokens from 256/u,
			);
		}
	});

	it("takes the main model's context window from REDLINE_CONTEXT_TOKENS, and refuses one that is not a token count", () => {
		expect(parseCliArgs([], { REDLINE_CONTEXT_TOKENS: "32768" }).contextTokens).toBe(32768);
		expect(parseCliArgs([], { REDLINE_CONTEXT_TOKENS: "128,000" }).contextTokens).toBe(128000);
		expect(parseCliArgs([], { REDLINE_CONTEXT_TOKENS: "" }).contextTokens).toBeUndefined();
		for (const bad of ["lots", "12", "3.5", "-4096"]) {
			expect(() => parseCliArgs([], { REDLINE_CONTEXT_TOKENS: bad })).toThrow(
				/REDLINE_CONTEXT_TOKENS must be a whole number of tokens from 1024/u,
			);
		}
	});

	it("turns on text tool calls with REDLINE_TEXT_TOOLS=1, and refuses a value that is not on or off", () => {
		expect(parseCliArgs([], { REDLINE_TEXT_TOOLS: "1" }).textToolCalls).toBe(true);
		expect(parseCliArgs([], { REDLINE_TEXT_TOOLS: "0" }).textToolCalls).toBeUndefined();
		expect(parseCliArgs([]).textToolCalls).toBeUndefined();
		expect(() => parseCliArgs([], { REDLINE_TEXT_TOOLS: "maybe" })).toThrow(
			'REDLINE_TEXT_TOOLS must be 1 or 0, not "maybe"',
		);
	});

	it("takes the apply format from REDLINE_APPLY_FORMAT and refuses anything but edits or whole", () => {
		expect(parseCliArgs([], { REDLINE_APPLY_FORMAT: "whole" }).applyFormat).toBe("whole");
		expect(parseCliArgs([], { REDLINE_APPLY_FORMAT: "edits" }).applyFormat).toBe("edits");
		expect(parseCliArgs([], { REDLINE_APPLY_FORMAT: "" }).applyFormat).toBeUndefined();
		expect(() => parseCliArgs([], { REDLINE_APPLY_FORMAT: "diff" })).toThrow(
			new CliError('REDLINE_APPLY_FORMAT must be edits or whole, not "diff"'),
		);
	});

	it("takes what comes before an edit is drafted from REDLINE_EDIT_REVIEW and refuses anything but changes or plan", () => {
		expect(parseCliArgs([], { REDLINE_EDIT_REVIEW: "plan" }).editReview).toBe("plan");
		expect(parseCliArgs([], { REDLINE_EDIT_REVIEW: "changes" }).editReview).toBe("changes");
		expect(parseCliArgs([], {}).editReview).toBeUndefined();
		expect(() => parseCliArgs([], { REDLINE_EDIT_REVIEW: "never" })).toThrow(
			new CliError('REDLINE_EDIT_REVIEW must be changes or plan, not "never"'),
		);
	});

	it("takes a thread budget in tokens from REDLINE_BUDGET_TOKENS (off when unset) and refuses anything but a whole number above 0", () => {
		expect(parseCliArgs([], { REDLINE_BUDGET_TOKENS: "2000" }).budgetTokens).toBe(2000);
		expect(parseCliArgs([], {}).budgetTokens).toBeUndefined();
		expect(() => parseCliArgs([], { REDLINE_BUDGET_TOKENS: "0.5" })).toThrow(
			new CliError('REDLINE_BUDGET_TOKENS must be a whole number of tokens above 0, not "0.5"'),
		);
	});

	it("asks for help with --help or -h", () => {
		expect(parseCliArgs(["--help"]).help).toBe(true);
		expect(parseCliArgs(["-h"]).help).toBe(true);
	});

	it("refuses an unknown flag, a missing value and a port that is not a port, saying which", () => {
		expect(() => parseCliArgs(["--vualt", "x"])).toThrow(new CliError('Unknown option "--vualt". See --help.'));
		expect(() => parseCliArgs(["--vault"])).toThrow("--vault needs a value");
		expect(() => parseCliArgs(["--port", "http"])).toThrow('--port must be a number from 0 to 65535, not "http"');
		expect(() => parseCliArgs(["--port", "70000"])).toThrow("--port must be a number");
	});
});
