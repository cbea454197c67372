// React DOM's function stand-ins (build/cuts/function-stand-ins.mjs): React built as main.js
// builds it still does everything Redline's pane asks of it, and each part stood in names itself
// when something reaches it. The bundle tests mount the real pane through main.js; this file
// plays, through the same edited React, each kind of work the pane's components do.
import esbuild from "esbuild";
import { Window } from "happy-dom";
import type * as ReactTypes from "react";
import type * as ReactDOMClient from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { functionStandIns, standInFunctions } from "../../../build/index.mjs";
import { buildOptions } from "../../../esbuild.config.mjs";
import { mkdtemp, readFile, writeFile } from "../../../src/node/fs";
import { tmpdir } from "../../../src/node/os";
import * as path from "../../../src/node/path";
import { until } from "../support/until";

interface ReactBuild {
	React: typeof ReactTypes;
	client: typeof ReactDOMClient;
	flushSync: (fn: () => void) => void;
}

let code: string;
let win: Window | undefined;

/** React as main.js has it, evaluated in a fresh window (React reads window and document as it loads). */
function loadReact(): { react: ReactBuild; doc: Document; container: HTMLElement } {
	win = new Window();
	const module = { exports: {} as ReactBuild };
	(win.eval(`(function (module, exports) {${code}\n})`) as (m: unknown, e: unknown) => void)(module, module.exports);
	const doc = win.document as unknown as Document;
	const container = doc.createElement("div");
	doc.body.appendChild(container);
	return { react: module.exports, doc, container };
}

beforeAll(async () => {
	const dir = await mkdtemp(path.join(tmpdir(), "redline-react-cuts-"));
	const entry = path.join(dir, "entry.js");
	await writeFile(
		entry,
		'module.exports = { React: require("react"), client: require("react-dom/client"), flushSync: require("react-dom").flushSync };\n',
	);
	const built = await esbuild.build({
		...buildOptions({ production: true, budget: false }),
		entryPoints: [entry],
		outfile: undefined,
		write: false,
		logLevel: "silent",
		nodePaths: [path.join(path.fileURLToPath(new URL("../../..", import.meta.url)), "node_modules")],
	});
	code = built.outputFiles[0].text;
}, 60_000);

afterEach(async () => {
	await win?.happyDOM.close();
	win = undefined;
});

describe("React DOM with the function stand-ins", () => {
	it("is the edited build: each function named is stood in", () => {
		for (const rule of functionStandIns)
			for (const name of rule.functions) expect(code, name).toContain(`${name}() is not included in Redline's bundle`);
	});

	it("renders, updates and unmounts what the pane's components do", async () => {
		const { react, doc, container } = loadReact();
		const { React, client, flushSync } = react;
		const h = React.createElement;
		const log: string[] = [];
		const Theme = React.createContext("light");
		let listeners = new Set<() => void>();
		let online = true;
		const store = {
			subscribe: (listener: () => void) => {
				listeners.add(listener);
				return () => listeners.delete(listener);
			},
			get: () => online,
		};
		const Badge = React.memo(function Badge({ n }: { n: number }) {
			return h("span", { className: "badge" }, `${React.useContext(Theme)} ${n}`);
		});
		function Pane() {
			const [count, setCount] = React.useState(0);
			const [items, add] = React.useReducer((list: string[], item: string) => [...list, item], []);
			const [draft, setDraft] = React.useState("");
			const [open, setOpen] = React.useState(true);
			const id = React.useId();
			const ref = React.useRef<HTMLTextAreaElement>(null);
			const connected = React.useSyncExternalStore(store.subscribe, store.get);
			const label = React.useMemo(() => `count ${count}`, [count]);
			const onClick = React.useCallback(() => setCount((c) => c + 1), []);
			React.useLayoutEffect(() => {
				log.push(`layout ${count}`);
			}, [count]);
			React.useEffect(() => {
				log.push(`effect ${count}`);
				return () => void log.push(`cleanup ${count}`);
			}, [count]);
			return h(
				"div",
				{ className: "pane" },
				h("button", { className: "count", onClick }, label),
				h(Theme.Provider, { value: "dark" }, h(Badge, { n: count })),
				h("span", { className: "connection" }, connected ? "online" : "offline"),
				h(
					"form",
					{
						onSubmit: (event: ReactTypes.SyntheticEvent) => {
							event.preventDefault();
							add(draft);
							setDraft("");
						},
					},
					h("label", { htmlFor: id }, "Message"),
					h("textarea", {
						id,
						ref,
						value: draft,
						onChange: (e: ReactTypes.ChangeEvent<HTMLTextAreaElement>) => setDraft(e.target.value),
					}),
					h("button", { type: "submit", className: "send" }, "Send"),
				),
				h("ul", null, ...items.map((item, i) => h("li", { key: i }, item))),
				open && h("p", { className: "card", onKeyDown: () => setOpen(false), tabIndex: 0 }, "a card"),
				h("svg", { viewBox: "0 0 10 10" }, h("path", { d: "M0 0L10 10" })),
			);
		}
		const root = client.createRoot(container);
		flushSync(() => root.render(h(React.StrictMode, null, h(Pane))));
		const q = (selector: string) => container.querySelector(selector) as HTMLElement;
		expect(q(".count").textContent).toBe("count 0");
		expect(q(".badge").textContent).toBe("dark 0");
		expect(q("label").getAttribute("for")).toBe(q("textarea").id);
		expect(q("path").getAttribute("d")).toBe("M0 0L10 10");

		q(".count").click();
		await until(() => q(".count").textContent === "count 1");
		expect(q(".badge").textContent).toBe("dark 1");
		await until(() => log.includes("effect 1"));
		expect(log).toContain("cleanup 0");

		// Typed as a browser types: the native setter (React tracks its own writes to value), then an input event.
		const textarea = q("textarea") as HTMLTextAreaElement;
		Reflect.set(win!.HTMLTextAreaElement.prototype, "value", "hello", textarea);
		textarea.dispatchEvent(new win!.Event("input", { bubbles: true }) as unknown as Event);
		q(".send").click();
		await until(() => q("li")?.textContent === "hello");
		expect((q("textarea") as HTMLTextAreaElement).value).toBe("");

		online = false;
		for (const listener of listeners) listener();
		await until(() => q(".connection").textContent === "offline");

		q(".card").dispatchEvent(new win!.KeyboardEvent("keydown", { key: "Escape", bubbles: true }) as unknown as Event);
		await until(() => q(".card") === null);

		flushSync(() => root.unmount());
		expect(container.childElementCount).toBe(0);
		expect(log.at(-1)).toBe("cleanup 1");
		listeners = new Set();
		expect(doc.body.contains(container)).toBe(true);
	});

	// Reaching a part stood in fails loudly with its name: the error a new use of it meets first.
	async function renderError(element: (React: typeof ReactTypes) => ReactTypes.ReactNode): Promise<string> {
		const { react, container } = loadReact();
		let message = "";
		const root = react.client.createRoot(container, {
			onUncaughtError: (error) => {
				message = (error as Error).message;
			},
		});
		react.flushSync(() => root.render(element(react.React)));
		await until(() => message);
		return message;
	}

	it("names what the pane never renders when something does", async () => {
		expect(await renderError((React) => React.createElement("title", null, "A title"))).toBe(
			"getResource() is not included in Redline's bundle",
		);
		expect(
			await renderError((React) =>
				React.createElement(
					class Legacy extends React.Component {
						override render() {
							return null;
						}
					},
				),
			),
		).toBe("updateClassComponent() is not included in Redline's bundle");
		expect(
			await renderError((React) =>
				React.createElement(function Form() {
					React.useActionState((state: number) => state, 0);
					return null;
				}),
			),
		).toBe("mountActionState() is not included in Redline's bundle");
		expect(await renderError((React) => React.createElement(React.Activity, null, "hidden"))).toBe(
			"updateActivityComponent() is not included in Redline's bundle",
		);
		expect(await renderError((React) => React.createElement(React.Suspense, { fallback: "loading" }, "shown"))).toBe(
			"updateSuspenseComponent() is not included in Redline's bundle",
		);
		expect(
			await renderError((React) =>
				React.createElement(function Deferred() {
					return React.useDeferredValue("later");
				}),
			),
		).toBe("mountDeferredValueImpl() is not included in Redline's bundle");
		expect(
			await renderError((React) =>
				React.createElement(function Pending() {
					const [, start] = React.useTransition();
					React.useEffect(() => start(() => {}), [start]);
					return null;
				}),
			),
		).toBe("startTransition() is not included in Redline's bundle");
		expect(
			await renderError((React) =>
				React.createElement(function Used() {
					return React.use(React.createContext("light"));
				}),
			),
		).toBe("use() is not included in Redline's bundle");
		expect(await renderError((React) => React.createElement("redline-widget", { label: "a custom element" }))).toBe(
			"setPropOnCustomElement() is not included in Redline's bundle",
		);
	});

	it("hands an error thrown in render to the root's handler as before, with no component stack", async () => {
		const { react, container } = loadReact();
		let caught: { error: unknown; componentStack?: string } | undefined;
		const root = react.client.createRoot(container, {
			onUncaughtError: (error, info) => {
				caught = { error, componentStack: info.componentStack };
			},
		});
		const boom = new Error("boom");
		react.flushSync(() =>
			root.render(
				react.React.createElement(function Boom(): null {
					throw boom;
				}),
			),
		);
		await until(() => caught !== undefined);
		// reactNoComponentStacks (build/cuts/rewrites.mjs): the error is the one thrown; the stack is empty.
		expect(caught).toEqual({ error: boom, componentStack: "" });
	});

	it("leaves no code in main.js that reads a component stack (the root passes React no error handler)", async () => {
		const built = await esbuild.build({
			...buildOptions({ production: true, budget: false }),
			outfile: path.join(await mkdtemp(path.join(tmpdir(), "redline-react-stacks-")), "main.js"),
			write: false,
			logLevel: "silent",
			metafile: true,
		});
		const own = Object.values(built.metafile.outputs).flatMap((output) =>
			Object.entries(output.inputs)
				.filter(([input, { bytesInOutput }]) => input.startsWith("src/") && bytesInOutput > 0)
				.map(([input]) => input),
		);
		expect(own).toContain("src/ui/mount.tsx");
		const root = path.fileURLToPath(new URL("../../..", import.meta.url));
		const readers: string[] = [];
		for (const input of own)
			if (/componentStack|on(?:Uncaught|Caught|Recoverable)Error/.test(await readFile(path.join(root, input), "utf8")))
				readers.push(input);
		expect(readers).toEqual([]);
	}, 60_000);

	it("refuses hydrateRoot, naming it", () => {
		const { react, container } = loadReact();
		expect(() => react.client.hydrateRoot(container, react.React.createElement("p"))).toThrow(
			"hydrateRoot() is not included in Redline's bundle",
		);
	});
});

describe("a function stood in", () => {
	const source = [
		'"use strict";',
		"function kept(a) {",
		"  return a;",
		"}",
		"function cut(",
		"  first,",
		"  second",
		") {",
		"  if (first) {",
		"    return second;",
		"  }",
		"  return kept(first);",
		"}",
		"function short(x) {",
		"  return x + 1;",
		"}",
		"exports.api = function (x) {",
		"  return cut(x, x);",
		"};",
	].join("\n");

	it("keeps its signature and throws naming itself, and leaves the rest of the file as it was", () => {
		const result = standInFunctions(source, { file: "x.js", functions: ["cut", "short", "api"], why: "a test" });
		expect(result.text).toBe(
			[
				'"use strict";',
				"function kept(a) {",
				"  return a;",
				"}",
				"function cut(",
				"  first,",
				"  second",
				") {",
				'  throw new Error("cut() is not included in Redline\'s bundle");',
				"}",
				"function short(x) {",
				'  throw new Error("short() is not included in Redline\'s bundle");',
				"}",
				"exports.api = function (x) {",
				'  throw new Error("api() is not included in Redline\'s bundle");',
				"};",
			].join("\n"),
		);
	});

	it("is found at the top level once, or the build fails naming it", () => {
		const nested = `${source}\nfunction outer() {\n  function inner() {\n    return 1;\n  }\n  return inner;\n}`;
		expect(standInFunctions(nested, { file: "x.js", functions: ["inner"], why: "a test" }).error).toBe(
			"expected function inner once in x.js, found it 0 times",
		);
		expect(standInFunctions(`${source}\n${source}`, { file: "x.js", functions: ["kept"], why: "a test" }).error).toBe(
			"expected function kept once in x.js, found it 2 times",
		);
		// A name that only starts another's is not it.
		expect(standInFunctions(source, { file: "x.js", functions: ["kep"], why: "a test" }).error).toBe(
			"expected function kep once in x.js, found it 0 times",
		);
	});

	it("fails when it does not end at the top level as formatted code does", () => {
		const unformatted = "function cut(a) {\n  return `a\nb`;\n}";
		expect(standInFunctions(unformatted, { file: "x.js", functions: ["cut"], why: "a test" }).error).toBe(
			"function cut in x.js has no end at the top level",
		);
	});
});
