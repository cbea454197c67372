/**
 * The ToolRegistry: the model-facing tools by name, and their definitions for bindTools. The
 * definitions are OpenAI function tools built from each tool's zod schema (json-schema.ts), so
 * the schema the model sees is exactly the one its arguments are validated against.
 */
import * as z from "zod/mini";
import { toolParameters } from "./json-schema";
import type { Tool } from "./tool";

// zod's mini API, unlike its classic one, sets no error messages when it is imported (every
// mistake would read "Invalid input"): the messages checkArgs gives the model are zod's English
// ones, as the classic API sets them (test/obsidian/bundle-model.test.ts checks them in main.js).
z.config(z.locales.en());

// The registry erases each tool's argument type: arguments reach a tool only after its own
// schema parsed them, so the runner can call any tool with `unknown` safely.
export type AnyTool = Tool<unknown>;

export interface ToolDefinition {
	type: "function";
	function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The outcome of validating a call's arguments against its tool's schema. */
export type ArgsCheck = { ok: true; args: unknown } | { ok: false; message: string };

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export class ToolRegistry {
	private readonly tools = new Map<string, AnyTool>();

	constructor(tools: readonly AnyTool[] = []) {
		for (const tool of tools) this.register(tool);
	}

	/** Adds a tool; names must be unique and fit OpenAI's function-name rule. */
	register(tool: AnyTool): this {
		if (!NAME.test(tool.name))
			throw new Error(`Invalid tool name ${JSON.stringify(tool.name)}: use 1-64 letters, digits, _ or -`);
		if (this.tools.has(tool.name)) throw new Error(`A tool named ${tool.name} is already registered`);
		this.tools.set(tool.name, tool);
		return this;
	}

	get(name: string): AnyTool | undefined {
		return this.tools.get(name);
	}

	has(name: string): boolean {
		return this.tools.has(name);
	}

	/** Tools in registration order. */
	list(): AnyTool[] {
		return [...this.tools.values()];
	}

	names(): string[] {
		return [...this.tools.keys()];
	}

	/** OpenAI function-tool definitions for ChatOpenAI.bindTools. */
	definitions(): ToolDefinition[] {
		return this.list().map((tool) => ({
			type: "function",
			function: { name: tool.name, description: tool.description, parameters: toolParameters(tool.schema) },
		}));
	}

	/** Validates args against the tool's schema; the failure message is written for the model. */
	checkArgs(tool: AnyTool, args: unknown): ArgsCheck {
		const parsed = tool.schema.safeParse(args);
		if (parsed.success) return { ok: true, args: parsed.data };
		return { ok: false, message: `Invalid arguments for ${tool.name}:\n${z.prettifyError(parsed.error)}` };
	}
}
