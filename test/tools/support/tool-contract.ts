/**
 * The tools' contract with the model as data: their definitions and what each call of a battery
 * of good and bad arguments gives (the parsed arguments, or the message the model reads), for
 * every registered tool. test/tools/tool-contract.test.ts compares it with
 * fixtures/tool-contract.json; after a change to a tool's schema on purpose (or a new tool),
 * write the fixture again and review its diff:
 *   npx tsx test/tools/support/write-tool-contract.ts
 */
import { createNoteHistory } from "../../../src/history/note-history";
import { createModelProvider } from "../../../src/llm/model-provider";
import { NoteIndex } from "../../../src/search/note-index";
import { TextNoteCatalog } from "../../../src/search/text-catalog";
import { DEFAULT_SETTINGS } from "../../../src/settings";
import { MemoryStore } from "../../../src/store/memory-store";
import { createDefaultTools } from "../../../src/tools/default-tools";
import { toolParameters } from "../../../src/tools/json-schema";
import { ToolRegistry, type AnyTool } from "../../../src/tools/registry";
import type { ExampleTarget } from "../../../src/tools/tool";
import { MemoryVault } from "../../../src/vault/memory-vault";
import { yamlLibraryCodec } from "../../../src/sandbox/yaml-library-codec";

const vault = new MemoryVault("v");
const store = new MemoryStore();
/** The registered tools, and any `extra` ones a test adds. */
export function contractRegistry(extra: readonly AnyTool[] = []): ToolRegistry {
	const tools = createDefaultTools({
		yaml: yamlLibraryCodec,
		history: createNoteHistory({ vault, store }),
		models: createModelProvider(
			() => DEFAULT_SETTINGS,
			() => ({}),
		),
		search: new NoteIndex({ vault, store, protectedFolders: [] }),
		catalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
		drafts: store,
	});
	return new ToolRegistry([...tools, ...extra]);
}

export const registry = contractRegistry();

/**
 * Arguments a model may send, hand-picked for the first tools: each kind of mistake each schema
 * catches, and good ones. Any other tool gets calls derived from its examples and its schema.
 */
const PICKED: Record<string, unknown[]> = {
	readNote: [
		{ path: "A.md" },
		{ path: "A.md", offset: 3, limit: 20, extra: "dropped" },
		{},
		{ path: 42 },
		{ path: "A.md", offset: 0 },
		{ path: "A.md", offset: 1.5 },
		{ path: "A.md", limit: 100_000 },
		{ path: "A.md", limit: "ten" },
		{ path: "A.md", offset: Number.MAX_SAFE_INTEGER + 2 },
		"A.md",
		null,
		[],
	],
	searchNotes: [
		{ query: "  greenhouse budget  " },
		{ query: "a", limit: 50, offset: 0, folder: "Projects", tag: "project" },
		{ query: "   " },
		{ query: "x".repeat(501) },
		{ query: "a", limit: 0 },
		{ query: "a", limit: 51 },
		{ query: "a", limit: 2.5 },
		{ query: "a", offset: -1 },
		{ query: "a", folder: 3, tag: null },
		{ limit: 5 },
	],
	listNotes: [{}, { folder: "Projects" }, { folder: 7 }, { folder: null }, 5],
	declareEditIntent: [
		{ path: "A.md", operation: "modify", description: "remove all headings" },
		{ path: "", operation: "modify", description: "x" },
		{ path: "A.md", operation: "delete", description: "x" },
		{ path: "A.md", operation: "modify", description: "" },
		{ path: "A.md", operation: "modify", description: "a\nb" },
		{ path: "A.md", operation: "modify", description: "x".repeat(301) },
		{ path: "A.md", operation: 1, description: ["x"] },
		{},
	],
	executeEdit: [
		{ editId: "edit_1" },
		{ editId: "edit_1", path: "A.md", content: "# A\n" },
		{ editId: "edit_1", edits: [{ search: "a", replace: "b" }] },
		{ editId: "" },
		{ editId: "edit_1", edits: [] },
		{ editId: "edit_1", edits: [{ search: "a" }] },
		{ editId: "edit_1", edits: [{ search: 1, replace: 2 }, "x"] },
		{ editId: "edit_1", edits: "a -> b" },
		{ editId: "edit_1", content: 5, path: false },
		{ content: "x" },
	],
	askUser: [
		{ questions: [{ question: "Which?", options: ["A", "B"] }] },
		{
			questions: [
				{ question: "Which?", header: "Pick", options: [{ label: "A", description: "first" }, "B"], multiSelect: true },
			],
		},
		{ question: "Go?", options: ["Yes", "No"] },
		{ questions: [{ question: "Which?", options: ["A", "A"] }] },
		{ questions: [] },
		{
			questions: [
				{ question: "", options: ["A"] },
				{ question: "Q?", options: ["Other", "B"], header: "x".repeat(13) },
			],
		},
		{ questions: "Which?" },
		{ questions: [{ question: "Which?", options: [1, 2] }] },
		{ questions: [{ question: "Which?", options: ["A", "B"] }], question: "Go?" },
		{},
		"Which?",
	],
};

const TARGET: ExampleTarget = { path: "A.md", word: "budget", approvedEdit: () => "edit_1" };

/**
 * A tool's calls without a hand-picked list: its examples, then the mistakes any schema catches
 * (nothing, each property of the first example with a value of the wrong type, not an object).
 */
export function derivedCalls(tool: AnyTool): unknown[] {
	const good = tool.examples?.(TARGET) ?? [];
	const first = good[0] ?? {};
	const properties =
		(toolParameters(tool.schema) as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
	const wrong = Object.entries(properties).map(([key, property]) => ({
		...first,
		[key]: property.type === "string" ? 42 : "not the right type",
	}));
	return [...good, {}, ...wrong, "not an object", null];
}

/** Every tool's calls, by tool, in registration order. */
export function callsOf(tools: ToolRegistry): Record<string, unknown[]> {
	return Object.fromEntries(tools.list().map((tool) => [tool.name, PICKED[tool.name] ?? derivedCalls(tool)]));
}

export const CALLS = callsOf(registry);

export interface Outcome {
	tool: string;
	args: unknown;
	ok: boolean;
	/** The parsed arguments the tool runs with, or the message the model reads. */
	result: unknown;
}

export function outcomes(tools: ToolRegistry = registry): Outcome[] {
	return Object.entries(callsOf(tools)).flatMap(([name, calls]) => {
		const tool = tools.get(name);
		if (!tool) throw new Error(`no tool ${name}`);
		return calls.map((args) => {
			const check = tools.checkArgs(tool, args);
			return { tool: name, args, ok: check.ok, result: check.ok ? check.args : check.message };
		});
	});
}

export interface ToolContract {
	definitions: unknown;
	outcomes: Outcome[];
}

export function currentContract(tools: ToolRegistry = registry): ToolContract {
	return { definitions: tools.definitions(), outcomes: outcomes(tools) };
}
