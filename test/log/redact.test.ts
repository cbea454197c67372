/** The one redaction: the keys Redline was given, long pieces of them, and key-like patterns. */
import { describe, expect, it } from "vitest";
import { addSecretSource, redact, redactDeep, rememberSecret } from "../../src/log/redact";

describe("redact", () => {
	it("cuts a known key wherever it stands, and a long piece of its start or its end", () => {
		const key = "Zx81-plain-key-without-a-prefix-0042";
		rememberSecret(key);
		expect(redact(`refused ${key}.`)).toBe("refused [redacted].");
		expect(redact(`refused ${key.slice(0, 14)}... (shortened)`)).not.toContain(key.slice(0, 8));
		expect(redact(`key ending in ...${key.slice(-10)}`)).not.toContain(key.slice(-8));
	});

	it("reads the keys a host holds at each redaction", () => {
		let held = "host-held-secret-number-one";
		const stop = addSecretSource(() => [held, undefined]);
		expect(redact(`x ${held} y`)).toBe("x [redacted] y");
		held = "host-held-secret-number-two";
		expect(redact(`x ${held} y`)).toBe("x [redacted] y");
		stop();
	});

	it.each([
		["an OpenAI key", "Incorrect API key provided: sk-abcdefghijklmnopqrstuvwxyz012345.", "sk-abcdef"],
		["a project key", "key sk-proj-AbCdEf0123456789_-xyz was refused", "sk-proj-AbCd"],
		["a masked quote", "Incorrect API key provided: sk-proj-********************1234", "1234"],
		["a shortened quote", "Incorrect API key provided: sk-abc...xyz", "abc...xyz"],
		["an OpenRouter key", "sk-or-v1-0123456789abcdef0123456789abcdef is not valid", "0123456789"],
		["an Anthropic key", "x-api-key sk-ant-api03-AAAABBBBCCCCDDDD refused", "AAAABBBB"],
		["a Bearer token", "sent Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGci"],
		["a bare Bearer token", "token Bearer abcdefghijklmnop expired", "abcdefghijklmnop"],
		["a key query parameter", "GET https://example.com/v1/models?key=AIzaSyD-0123456789 failed", "AIzaSyD"],
		["an api_key parameter", "url was /v1?api_key=secret0123456789&x=1", "secret0123456789"],
		["an x-api-key header", 'headers: {"x-api-key": "abcdef0123456789"}', "abcdef0123456789"],
	])("cuts %s", (_what, text, secret) => {
		const out = redact(text);
		expect(out).not.toContain(secret);
		expect(out).toContain("[redacted]");
	});

	it("leaves ordinary error text alone", () => {
		const text =
			"The model server failed (500: Internal error at http://127.0.0.1:9/v1). Check the model settings; the task-list note is fine.";
		expect(redact(text)).toBe(text);
	});

	it("redacts every string of a JSON value, keeping its shape", () => {
		const report = { steps: [{ cause: "refused sk-proj-0123456789abcdefgh", figure: "401" }], usable: false };
		expect(redactDeep(report)).toEqual({ steps: [{ cause: "refused [redacted]", figure: "401" }], usable: false });
	});
});
