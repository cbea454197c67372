// @vitest-environment happy-dom
/**
 * A tool is one file: a small tool defined in this file, and no other file touched, reaches what
 * the default tools reach. The agent records its words on the call and its summary on the result;
 * the pane lists it in the Permissions with its label and its own default and shows its card and
 * step in its words; the settings tab lists it; an older log gets the same words when loaded; and
 * the access-floor and model-contract suites, which enumerate the registry, run it.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { isKnownEvent, type StoredEvent } from "../../src/log/events";
import { toolResult } from "../../src/log/tool-result";
import * as http from "../../src/node/http";
import { settingsSections } from "../../src/obsidian/settings-fields";
import { createNodeFetch } from "../../src/obsidian/transport/node-fetch";
import { reply, scripted } from "../../src/sandbox/model-server";
import { withToolWords } from "../../src/thread/tool-words";
import { toolCatalog } from "../../src/tools/catalog";
import { ToolRegistry } from "../../src/tools/registry";
import type { Tool } from "../../src/tools/tool";
import { noteName, pathArg } from "../../src/tools/words";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { harness } from "../agent/support/harness";
import { describeToolAccess } from "../agent/support/tool-access";
import { FakeThreadService } from "../ui/support/fake-service";
import { testHost } from "../ui/support/host";
import { DEFAULT_TOOLS } from "../ui/support/tools";
import { contractRegistry, currentContract } from "./support/tool-contract";
import { readFile } from "../../src/node/fs";
import * as path from "../../src/node/path";

/** The whole tool: what the model sees, its default, its access, its words, its summary, its examples. */
const countWordsTool: Tool<{ path: string }> = {
	name: "countWords",
	description: "Count the words of a note.",
	schema: z.object({ path: z.string().check(z.describe('Vault-relative path of the note, e.g. "Projects/Plan.md"')) }),
	defaultPreference: "always",
	label: "Count words",
	purpose: "Count the words of a note.",
	words: (args) => {
		const note = pathArg(args, "path") ?? "a note";
		return { title: `Count the words of ${note}`, active: `Counting words in ${noteName(note)}` };
	},
	summary: (result) =>
		typeof result.data?.words === "number" ? { line: `Counted ${result.data.words} words` } : undefined,
	examples: ({ path }) => [{ path }],
	access: (args) => ({ reads: [args.path], writes: [], scans: false }),
	async run(args, ctx) {
		try {
			const words = (await ctx.vault.read(args.path)).split(/\s+/).filter(Boolean).length;
			return toolResult.success(`${args.path} has ${words} words.`, { path: args.path, data: { words } });
		} catch (error) {
			return toolResult.error(`Could not read ${args.path}: ${error instanceof Error ? error.message : String(error)}`);
		}
	},
};

const TOOLS = [...DEFAULT_TOOLS, countWordsTool];

afterEach(cleanup);

/** A real turn: the scripted model calls the tool, the agent runs it (its default is Always). */
async function turnWithTheTool() {
	const h = await harness({
		notes: { "Notes/Plan.md": "one two three four five" },
		tools: [countWordsTool],
		script: scripted(
			reply.toolCalls([{ name: "countWords", args: { path: "Notes/Plan.md" }, id: "c_count" }]),
			reply.text("Five words."),
		),
		// Node's http: happy-dom's fetch would apply CORS to the scripted model server.
		fetch: createNodeFetch({ http, https: http }),
	});
	const threadId = await h.newThread();
	await h.send(threadId, "How long is my plan?");
	return { threadId, events: await h.events(threadId) };
}

/** The pane over a service holding `events`, with a host whose agent has the default tools and this one. */
async function renderPane(threadId: string, events: StoredEvent[]) {
	const service = new FakeThreadService(TOOLS);
	service.addThread(threadId, events);
	const user = userEvent.setup();
	render(<RedlinePane host={testHost(service, [], null, toolCatalog(TOOLS))} />);
	await screen.findByRole("log");
	return { user };
}

describe("a tool defined in one file", () => {
	it("is proposed with its words and completed with its summary, by the agent", async () => {
		const { events } = await turnWithTheTool();
		const proposed = events.find((e) => e.type === "tool_call_proposed");
		expect(proposed?.type === "tool_call_proposed" && proposed.words).toEqual({
			title: "Count the words of Notes/Plan.md",
			active: "Counting words in Plan.md",
		});
		const completed = events.find((e) => e.type === "tool_call_completed");
		expect(completed?.type === "tool_call_completed" && completed.result.data).toEqual({
			words: 5,
			summary: { line: "Counted 5 words" },
		});
		const decided = events.find((e) => e.type === "tool_call_decided");
		expect(decided?.type === "tool_call_decided" && decided.by).toBe("policy");
	});

	it("shows its card, its step and its result in its own words", async () => {
		const { threadId, events } = await turnWithTheTool();
		const { user } = await renderPane(threadId, events);
		const card = screen.getByRole("group", { name: "Count the words of Notes/Plan.md" });
		// A result its tool summarised is one line that opens its details (the note, the preference that ran it).
		await user.click(within(card).getByRole("button", { name: "Counted 5 words" }));
		expect(within(card).getByRole("link", { name: "Open Notes/Plan.md" })).toBeTruthy();
		expect(within(card).getByText(/Set by your preference/)).toBeTruthy();
		await user.click(screen.getByRole("button", { name: /Show steps/ }));
		expect([...document.querySelectorAll(".redline-step-label")].map((el) => el.textContent)).toContain(
			"Counting words in Plan.md",
		);
	});

	it("is in the Permissions with its name, what it does and its own default, after the default tools", async () => {
		const { threadId, events } = await turnWithTheTool();
		const { user } = await renderPane(threadId, events);
		await user.click(screen.getByRole("button", { name: "Permissions" }));
		const panel = screen.getByRole("group", { name: "Permissions in this chat" });
		const dropdowns = within(panel).getAllByRole<HTMLSelectElement>("combobox");
		expect(dropdowns).toHaveLength(DEFAULT_TOOLS.length + 1);
		const ours = within(panel).getByRole<HTMLSelectElement>("combobox", { name: "Count words" });
		expect(dropdowns.at(-1)).toBe(ours);
		expect(ours.selectedOptions[0]?.textContent).toBe("Run without asking");
		expect(ours.getAttribute("aria-describedby")).toBeTruthy();
		expect(within(panel).getByText("Count the words of a note.")).toBeTruthy();
	});

	it("is a row of the settings tab's Tools, showing its own default until the user chooses", () => {
		const tools = settingsSections(toolCatalog(TOOLS)).find((section) => section.heading === "Tools");
		expect(tools?.fields.find((field) => "field" in field && field.field === "toolDefaults.countWords")).toMatchObject({
			kind: "dropdown",
			name: "Count words",
			options: { prompt: "Ask first", always: "Run without asking", never: "Don't allow" },
			fallback: "always",
		});
	});

	it("gets the same words and summary in a log written before they were recorded", async () => {
		const { events } = await turnWithTheTool();
		const older = events.map((event): StoredEvent => {
			if (!isKnownEvent(event)) return event;
			if (event.type === "tool_call_proposed") {
				const { words: _words, ...rest } = event;
				return rest;
			}
			if (event.type === "tool_call_completed" && event.result.data) {
				const { summary: _summary, ...data } = event.result.data;
				return { ...event, result: { ...event.result, data } };
			}
			return event;
		});
		expect(older).not.toEqual(events);
		expect(withToolWords(older, new ToolRegistry([countWordsTool]))).toEqual(events);
	});

	it("has its definition and its calls in the model contract, the other tools' unchanged", async () => {
		const contract = currentContract(contractRegistry([countWordsTool]));
		// From the repository root, where vitest runs (under happy-dom, import.meta.url is no file URL).
		const fixture = JSON.parse(
			await readFile(path.resolve("test", "tools", "fixtures", "tool-contract.json"), "utf8"),
		) as typeof contract;
		expect(contract.definitions).toEqual([
			...(fixture.definitions as unknown[]),
			{
				type: "function",
				function: {
					name: "countWords",
					description: "Count the words of a note.",
					parameters: {
						type: "object",
						properties: {
							path: { type: "string", description: 'Vault-relative path of the note, e.g. "Projects/Plan.md"' },
						},
						required: ["path"],
					},
				},
			},
		]);
		expect(contract.outcomes.filter((outcome) => outcome.tool !== "countWords")).toEqual(fixture.outcomes);
		const ours = contract.outcomes.filter((outcome) => outcome.tool === "countWords");
		expect(ours[0]).toEqual({ tool: "countWords", args: { path: "A.md" }, ok: true, result: { path: "A.md" } });
		expect(ours.filter((outcome) => !outcome.ok).map((outcome) => outcome.args)).toEqual([
			{},
			{ path: 42 },
			"not an object",
			null,
		]);
	});
});

// The access-floor suite, over the default tools and this one.
describeToolAccess([countWordsTool]);
