import { describe, expect, it } from "vitest";
import { interpretBody, partialTextArgs, TextToolCallParser, updateFromText } from "../../src/agent/text-tool-parser";
import type { TextCall } from "../../src/agent/text-tool-parser";

/** Feeds the pieces in order and collects the answer text and the finished calls. */
function parse(pieces: readonly string[]): { text: string; calls: TextCall[] } {
	const parser = new TextToolCallParser();
	let text = "";
	const calls = new Set<TextCall>();
	for (const piece of pieces) {
		const out = parser.push(piece);
		text += out.text;
		for (const call of out.calls) calls.add(call);
	}
	const out = parser.end();
	text += out.text;
	for (const call of out.calls) calls.add(call);
	const done = [...calls].filter((call) => call.done);
	expect(done).toHaveLength(calls.size);
	return { text, calls: done.map((call) => ({ ...call })) };
}

const summary = (calls: readonly TextCall[]) => calls.map((c) => ({ name: c.name, args: c.args, problem: c.problem }));

const REPLY =
	"I'll read both notes.\n" +
	'<tool_call>\n{"name": "readNote", "arguments": {"path": "Daily/2026-11-28.md"}}\n</tool_call>\n' +
	'<tool_call>{"name":"searchNotes","arguments":{"query":"a \\"quoted\\" <b>word</b>","limit":3}}</tool_call>';

describe("reading text tool calls from a streaming reply", () => {
	it("hands on the text around the calls and never the tags", () => {
		const { text, calls } = parse([REPLY]);
		expect(text).toBe("I'll read both notes.\n\n");
		expect(summary(calls)).toEqual([
			{ name: "readNote", args: { path: "Daily/2026-11-28.md" }, problem: undefined },
			{ name: "searchNotes", args: { query: 'a "quoted" <b>word</b>', limit: 3 }, problem: undefined },
		]);
	});

	it("reads the same text and calls whichever offset a chunk boundary falls at", () => {
		const whole = parse([REPLY]);
		for (let cut = 0; cut <= REPLY.length; cut++) {
			const split = parse([REPLY.slice(0, cut), REPLY.slice(cut)]);
			expect(split.text, `cut at ${cut}`).toBe(whole.text);
			expect(summary(split.calls), `cut at ${cut}`).toEqual(summary(whole.calls));
		}
		const oneByOne = parse([...REPLY]);
		expect(oneByOne.text).toBe(whole.text);
		expect(summary(oneByOne.calls)).toEqual(summary(whole.calls));
	});

	it("never shows a piece of a tag as answer text while the tag is still arriving", () => {
		const parser = new TextToolCallParser();
		expect(parser.push("Reading it now.\n<tool").text).toBe("Reading it now.\n");
		const out = parser.push('_call>{"name": "readNote", "arguments": {"path": "A.md"}}</tool_c');
		expect(out.text).toBe("");
		expect(out.calls[0]).toMatchObject({ name: "readNote", done: false });
		const closed = parser.push("all> Done.");
		expect(closed.calls[0]).toMatchObject({ name: "readNote", done: true, args: { path: "A.md" } });
		expect(closed.text).toBe(" Done.");
	});

	it("knows the tool and the body while the call streams, so an intent can be shown early", () => {
		const parser = new TextToolCallParser();
		const first = parser.push(
			'<tool_call>\n{"name": "declareEditIntent", "arguments": {"path": "Plan.md", "description": "add a li',
		);
		expect(first.calls).toHaveLength(1);
		expect(first.calls[0]).toMatchObject({ index: 0, name: "declareEditIntent", done: false });
		expect(first.calls[0]?.body).toContain('"path": "Plan.md"');
	});

	it("gives back text that only looked like the start of a tag", () => {
		expect(parse(["Use a <b>bold</b> word, 2 <", " 3, and <tool"]).text).toBe(
			"Use a <b>bold</b> word, 2 < 3, and <tool",
		);
	});

	it("does not end a call at a closing tag inside an argument", () => {
		const body = '{"name": "executeEdit", "arguments": {"editId": "e1", "content": "Write </tool_call> literally"}}';
		const { calls } = parse([`<tool_call>${body}</tool_call>`]);
		expect(summary(calls)).toEqual([
			{ name: "executeEdit", args: { editId: "e1", content: "Write </tool_call> literally" }, problem: undefined },
		]);
	});

	it("accepts a call the model forgot to close when its JSON is complete", () => {
		const { text, calls } = parse(['Let me look.\n<tool_call>\n{"name": "listNotes", "arguments": {}}\n']);
		expect(text).toBe("Let me look.\n");
		expect(summary(calls)).toEqual([{ name: "listNotes", args: {}, problem: undefined }]);
	});

	it("closes an open call when the next one starts", () => {
		const { calls } = parse([
			'<tool_call>{"name": "readNote", "arguments": {"path": "A.md"}}\n<tool_call>{"name": "readNote", "arguments": {"path": "B.md"}}</tool_call>',
		]);
		expect(calls.map((c) => c.args)).toEqual([{ path: "A.md" }, { path: "B.md" }]);
	});

	it("closes a call at its tag when a string the model left open would swallow it", () => {
		const { text, calls } = parse([
			'<tool_call>{"name": "readNote", "arguments": {"path": "A.md}}</tool_call>\nSorry.',
		]);
		expect(calls).toHaveLength(1);
		expect(calls[0]?.name).toBe("readNote");
		expect(calls[0]?.problem).toMatch(/^Your readNote call is not valid JSON/);
		expect(text).toBe("\nSorry.");
	});

	it("says what is wrong with a call that is cut off, not JSON, nameless or has no object of arguments", () => {
		expect(parse(['<tool_call>{"name": "readNote", "arguments": {"pa'])).toMatchObject({
			calls: [
				{ name: "readNote", problem: expect.stringMatching(/cut off or not closed with <\/tool_call>/) as unknown },
			],
		});
		expect(parse(["<tool_call>{readNote(path='A.md')}</tool_call>"]).calls[0]?.problem).toMatch(
			/^Your tool call is not valid JSON .*Write it again as <tool_call>\{"name"/,
		);
		expect(parse(['<tool_call>{"arguments": {"path": "A.md"}}</tool_call>']).calls[0]?.problem).toMatch(
			/has no "name"/,
		);
		expect(parse(['<tool_call>{"name": "readNote", "arguments": ["A.md"]}</tool_call>']).calls[0]?.problem).toMatch(
			/"arguments" of your readNote call must be a JSON object/,
		);
	});

	it("takes the forms models commonly write: a JSON code fence, parameters, arguments as a JSON string", () => {
		const { calls } = parse([
			'<tool_call>\n```json\n{"name": "readNote", "arguments": {"path": "A.md"}}\n```\n</tool_call>',
			'<tool_call>{"name": "readNote", "parameters": {"path": "B.md"}}</tool_call>',
			'<tool_call>{"name": "readNote", "arguments": "{\\"path\\": \\"C.md\\"}"}</tool_call>',
		]);
		expect(summary(calls)).toEqual(
			["A.md", "B.md", "C.md"].map((path) => ({ name: "readNote", args: { path }, problem: undefined })),
		);
	});

	it("drops what follows a tool result the model wrote itself", () => {
		const { text, calls } = parse([
			'<tool_call>{"name": "readNote", "arguments": {"path": "A.md"}}</tool_call>\n<tool_',
			'response name="readNote">\n# A\nMade up.\n</tool_response>\nA says: made up.',
		]);
		expect(calls).toHaveLength(1);
		expect(text).toBe("\n");
	});

	// Issue 27's survivors: each of these passed with the code mutated as named.
	it("strips only a code fence around the whole body, never the fences inside an argument (anchored fence stripping)", () => {
		const content = "```js\nrun()\n```\nand ~~~ too";
		const args = { editId: "e1", content };
		const json = JSON.stringify({ name: "executeEdit", arguments: args });
		expect(interpretBody(json, true)).toEqual({ name: "executeEdit", args });
		expect(interpretBody(`\n\`\`\`json\n${json}\n\`\`\`\n`, true)).toEqual({ name: "executeEdit", args });
		const { calls } = parse([`<tool_call>${json}</tool_call>`]);
		expect(calls[0]?.args).toEqual(args);
	});

	it("drops a tool result the model invents right after its call, in the same chunk", () => {
		const { text, calls } = parse([
			'Reading.\n<tool_call>{"name": "readNote", "arguments": {"path": "A.md"}}</tool_call>\n<tool_response name="readNote">\n# A\nMade up.\n</tool_response>\nA says: made up.',
		]);
		expect(summary(calls)).toEqual([{ name: "readNote", args: { path: "A.md" }, problem: undefined }]);
		expect(text).toBe("Reading.\n\n");
	});

	it("refuses arguments that are a number, a boolean or a string that is not a JSON object", () => {
		for (const args of ["5", "true", '"A.md"', '"[1]"']) {
			expect(interpretBody(`{"name": "readNote", "arguments": ${args}}`, true), args).toEqual({
				name: "readNote",
				problem: expect.stringMatching(/"arguments" of your readNote call must be a JSON object/) as unknown,
			});
		}
		expect(interpretBody('{"name": "readNote", "parameters": 5}', true).problem).toMatch(/must be a JSON object/);
		expect(interpretBody('{"name": "listNotes"}', true)).toEqual({ name: "listNotes", args: {} });
	});

	it("knows the arguments certain so far in a streaming body (partialTextArgs)", () => {
		expect(
			partialTextArgs('{"name": "declareEditIntent", "arguments": {"path": "Plan.md", "description": "add a li'),
		).toEqual({ path: "Plan.md" });
		expect(
			partialTextArgs(
				'\n```json\n{"name": "declareEditIntent", "parameters": {"path": "Plan.md", "operation": "modify", ',
			),
		).toEqual({ path: "Plan.md", operation: "modify" });
		expect(partialTextArgs('{"name": "appendLine", "arguments": {"line": "```js\\nx\\n```", "path": "N.md"}')).toEqual({
			line: "```js\nx\n```",
			path: "N.md",
		});
		expect(partialTextArgs('{"name": "readNote", "arguments": ["A.md"]')).toEqual({});
		expect(partialTextArgs('{"name": "readNote", "arguments": 5')).toEqual({});
		expect(partialTextArgs('{"name": "readNote"')).toEqual({});
	});

	it("knows no arguments, never null, while a streaming call's arguments are null (the step reads their keys)", () => {
		expect(partialTextArgs('{"name": "declareEditIntent", "arguments": null, ')).toEqual({});
		expect(partialTextArgs('{"name": "declareEditIntent", "parameters": null, "arguments": null')).toEqual({});
	});

	it("resets: after reset() what was read before is forgotten, and counting starts again", () => {
		const parser = new TextToolCallParser();
		parser.push('<tool_call>{"name": "readNote", "arguments": {"path": "A.md"}}</tool_call>```\n');
		parser.reset();
		const out = parser.push('<tool_call>{"name": "listNotes", "arguments": {}}</tool_call>');
		expect(out.calls.map((c) => [c.index, c.name, c.done])).toEqual([[0, "listNotes", true]]);
	});

	// Survivors of the mutation run (npm run mutate -- agent/text-tool-parser).
	it("knows the tool's name while the call streams, in a fence and with blank space around the colon", () => {
		const named = (body: string) => new TextToolCallParser().push(`<tool_call>${body}`).calls[0]?.name;
		expect(named('\n```json\n\n{ "name" :  "declareEditIntent", "arguments": {')).toBe("declareEditIntent");
		expect(named('```\n{"name": "readNote", ')).toBe("readNote");
		// Only a body that opens with the object has a name (one that does not is no call at all);
		// an escape JSON does not know has none.
		expect(named('[{"name": "readNote", ')).toBeUndefined();
		expect(interpretBody('[{"name": "readNote"}]', true).name).toBe("");
		expect(named('{"name": "read\\q", ')).toBe("");
	});

	it("forgets a tail held back before reset()", () => {
		const parser = new TextToolCallParser();
		expect(parser.push("Reading.<tool_").text).toBe("Reading.");
		parser.reset();
		expect(parser.push("Done.").text).toBe("Done.");
		expect(parser.end().text).toBe("");
	});

	it("keeps a call's body as written up to the tag that closed it at the end", () => {
		const { calls } = parse(['<tool_call>{"name": "readNote", "arguments": {"path": "A.md}}</tool_call>\nSorry.']);
		expect(calls[0]?.body).toBe('{"name": "readNote", "arguments": {"path": "A.md}}');
	});

	it("reads an escaped quote in an argument, so a closing tag after it stays inside the string", () => {
		const parser = new TextToolCallParser();
		const out = parser.push(
			'<tool_call>{"name": "appendLine", "arguments": {"path": "N.md", "line": "a \\" </tool_call> b"}}</tool_call>',
		);
		expect(out.calls.map((c) => [c.done, c.args])).toEqual([[true, { path: "N.md", line: 'a " </tool_call> b' }]]);
	});

	it("closes a call at once when its first string is empty", () => {
		const out = new TextToolCallParser().push('<tool_call>{"": 0, "name": "listNotes", "arguments": {}}</tool_call>');
		expect(out.calls.map((c) => [c.done, c.name])).toEqual([[true, "listNotes"]]);
	});

	it("says a call was not closed when the next call or a made-up result cuts it short", () => {
		const cut = parse([
			'<tool_call>{"name": "readNote", "arguments": {\n<tool_call>{"name": "listNotes", "arguments": {}}</tool_call>',
		]);
		expect(cut.text).toBe("");
		expect(summary(cut.calls)).toEqual([
			{ name: "readNote", args: undefined, problem: expect.stringMatching(/cut off or not closed/) as unknown },
			{ name: "listNotes", args: {}, problem: undefined },
		]);
		const invented = parse([
			'<tool_call>{"name": "readNote", "arguments": {<tool_response name="readNote">made up</tool_response>',
		]);
		expect(summary(invented.calls)).toEqual([
			{ name: "readNote", args: undefined, problem: expect.stringMatching(/cut off or not closed/) as unknown },
		]);
	});

	// Issue 26, the audit: "Models write <tool_call> before the JSON…" became a malformed call.
	it("reads a <tool_call> as a call only at the start of a line and before its JSON body", () => {
		expect(parse(["Models write <tool_call> before the JSON and </tool_call> after it."])).toEqual({
			text: "Models write <tool_call> before the JSON and </tool_call> after it.",
			calls: [],
		});
		expect(parse(["<tool_call>[1, 2]</tool_call>"])).toEqual({ text: "<tool_call>[1, 2]</tool_call>", calls: [] });
		expect(parse(["<tool_call>\n```\n```"])).toEqual({ text: "<tool_call>\n```\n```", calls: [] });
		expect(summary(parse([" \t<tool_call>\n\n  ", '{"name": "listNotes"}</tool_call>']).calls)).toEqual([
			{ name: "listNotes", args: {}, problem: undefined },
		]);
		expect(summary(parse(["<tool_call>``", '`json\n{"name": "listNotes"}\n```</tool_call>']).calls)).toEqual([
			{ name: "listNotes", args: {}, problem: undefined },
		]);
	});

	it("holds back a <tool_call> at the start of a line until its body shows, and hands it on as text when none comes", () => {
		const parser = new TextToolCallParser();
		expect(parser.push("Like this:\n<tool_call>\n").text).toBe("Like this:\n");
		expect(parser.push("``").text).toBe("");
		expect(parser.push("` is how").text).toBe("<tool_call>\n``` is how");
		const ended = new TextToolCallParser();
		expect(ended.push("<tool_call> ").text).toBe("");
		expect(ended.end()).toEqual({ text: "<tool_call> ", calls: [] });
	});

	// Issue 26, the audit: "Results come back in <tool_response> blocks." dropped the rest of the reply.
	it("drops the rest of the reply only at a <tool_response> that starts a line", () => {
		expect(parse(["Results come back in <tool_response> blocks. Anything else?"]).text).toBe(
			"Results come back in <tool_response> blocks. Anything else?",
		);
		expect(parse(['Done.\n  <tool_response name="x">made up</tool_response>']).text).toBe("Done.\n  ");
	});

	it("reports a call that closes in one piece once", () => {
		expect(
			new TextToolCallParser().push('<tool_call>{"name": "listNotes", "arguments": {}}</tool_call>').calls,
		).toHaveLength(1);
	});

	it("strips a JSON fence written with no blank space around the body", () => {
		const body = '```json{"name":"listNotes","arguments":{}}```';
		expect(interpretBody(body, true)).toEqual({ name: "listNotes", args: {} });
		expect(partialTextArgs('```json{"name": "readNote", "arguments": {"path": "A.md", ')).toEqual({ path: "A.md" });
		expect(partialTextArgs('{"name": "readNote", "arguments": 5, ')).toEqual({});
		expect(partialTextArgs('{"name": "readNote", "arguments": ["A.md"], ')).toEqual({});
		expect(partialTextArgs('{"name": "readNote", "arguments": null, ')).toEqual({});
	});

	it("refuses a body that is not one object, and a name that is not a word", () => {
		for (const body of ["null", "5", '"readNote"', "[1]"])
			expect(interpretBody(body, true).problem, body).toMatch(/must hold one JSON object/);
		for (const body of ['{"name": 5, "arguments": {}}', '{"name": "  ", "arguments": {}}'])
			expect(interpretBody(body, true), body).toEqual({
				name: "",
				problem: expect.stringMatching(/has no "name"/) as unknown,
			});
		expect(interpretBody('{"name": " readNote ", "arguments": {"path": "A.md"}}', true)).toEqual({
			name: "readNote",
			args: { path: "A.md" },
		});
		expect(interpretBody('{"name": "readNote", "arguments": "null"}', true).problem).toMatch(/must be a JSON object/);
		expect(interpretBody('{"name": "a\\qb"}', true)).toEqual({
			name: "",
			problem: expect.stringMatching(/^Your tool call is not valid JSON/) as unknown,
		});
	});

	it("keeps a malformed call as written, without the blank space around it, for its proposal", () => {
		const call = { callId: "c1", name: "", argsText: "", announced: false };
		updateFromText(call, {
			index: 0,
			name: "readNote",
			body: '\n {"name": "readNote", "arguments": {"pa \n',
			done: true,
			problem: "cut off",
		});
		expect(call).toEqual({
			callId: "c1",
			name: "readNote",
			argsText: '{"name": "readNote", "arguments": {"pa',
			announced: false,
			malformed: "cut off",
		});
	});
});
