/**
 * Builds main.js into a temp file and loads it the way Obsidian does: CommonJS evaluated in a
 * fresh VM context whose require offers only what Obsidian supplies to plugins, `obsidian` (the
 * fake) and CodeMirror's state and view (the real packages, as Obsidian bundles them), and no
 * Node built-in. Timers in the context are tracked so a test can see that onunload leaves
 * nothing running.
 */
import esbuild from "esbuild";
import { buildOptions } from "../../../esbuild.config.mjs";
import * as fake from "../../fakes/obsidian";
import * as codemirrorState from "@codemirror/state";
import * as codemirrorView from "@codemirror/view";
import * as path from "../../../src/node/path";
import * as vm from "../../../src/node/vm";
import { mkdtemp, readFile, stat } from "../../../src/node/fs";
import { http, https } from "../../../src/node/http";
import { tmpdir } from "../../../src/node/os";
import { setTimeout, clearTimeout, setInterval, clearInterval } from "../../../src/node/timers";
import { DEFAULT_CONFIG_DIR } from "../../../src/vault/paths";
import { nodeFetch } from "../../../src/node/fetch";

export async function buildBundle(): Promise<{ file: string; bytes: number }> {
	const dir = await mkdtemp(path.join(tmpdir(), "redline-bundle-"));
	const file = path.join(dir, "main.js");
	await esbuild.build({ ...buildOptions({ production: true, outfile: file }), logLevel: "silent" });
	return { file, bytes: (await stat(file)).size };
}

export interface TimerTracker {
	pendingTimeouts: Set<unknown>;
	liveIntervals: Set<unknown>;
}

export interface LoadedBundle {
	PluginClass: new (app: fake.App, manifest: unknown) => fake.Plugin;
	timers: TimerTracker;
	/** Modules the bundle asked require() for (only those of OBSIDIAN_SUPPLIES may succeed). */
	requested: string[];
}

function trackedTimers() {
	const timers: TimerTracker = { pendingTimeouts: new Set(), liveIntervals: new Set() };
	const globals = {
		setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
			const id = setTimeout(() => {
				timers.pendingTimeouts.delete(id);
				fn(...args);
			}, ms);
			timers.pendingTimeouts.add(id);
			return id;
		},
		clearTimeout: (id: ReturnType<typeof setTimeout>) => {
			timers.pendingTimeouts.delete(id);
			clearTimeout(id);
		},
		setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
			const id = setInterval(() => fn(...args), ms);
			timers.liveIntervals.add(id);
			return id;
		},
		clearInterval: (id: ReturnType<typeof setInterval>) => {
			timers.liveIntervals.delete(id);
			clearInterval(id);
		},
	};
	return { globals, timers };
}

export interface LoadOptions {
	/**
	 * As on Obsidian desktop, `window.require` offers Node's http and https (what the desktop
	 * transport asks for, lazily); otherwise there is no Node at all, as on a phone.
	 */
	desktopNode?: boolean;
	/**
	 * Make the source text unique so V8 cannot reuse code compiled by an earlier load in this
	 * process: what every Obsidian start pays (a fresh process, no code cache for plugins).
	 */
	uncached?: boolean;
}

let loads = 0;

const DESKTOP_MODULES: Record<string, unknown> = { http, https };

/** What Obsidian's require gives a plugin, of what main.js asks for. */
const OBSIDIAN_SUPPLIES: Record<string, unknown> = {
	obsidian: fake,
	"@codemirror/state": codemirrorState,
	"@codemirror/view": codemirrorView,
};

/** Evaluates main.js in a VM context shaped like Obsidian's renderer (web globals, no Node). */
export async function loadBundle(file: string, app: fake.App, options: LoadOptions = {}): Promise<LoadedBundle> {
	const code = await readFile(file, "utf8");
	return bundleContext(app, options).evaluate(code);
}

export interface BundleContext {
	/** Compiles and runs main.js's text in the context, as Obsidian does when it enables a plugin. */
	evaluate(code: string): LoadedBundle;
}

/**
 * The context main.js runs in, made ready before it is evaluated: Obsidian evaluates a plugin in
 * a window that already exists, so a benchmark times only `evaluate`.
 */
export function bundleContext(app: fake.App, options: LoadOptions = {}): BundleContext {
	const { globals, timers } = trackedTimers();
	const win = app.win as unknown as Record<string, unknown>;
	const sandbox: Record<string, unknown> = {
		...globals,
		console,
		queueMicrotask,
		structuredClone,
		fetch: nodeFetch,
		Request,
		Response,
		Headers,
		FormData,
		Blob,
		ReadableStream,
		WritableStream,
		TransformStream,
		TextEncoder,
		TextDecoder,
		TextDecoderStream,
		AbortController,
		AbortSignal,
		DOMException,
		Event,
		EventTarget,
		URL,
		URLSearchParams,
		crypto,
		performance,
		atob,
		btoa,
		navigator: { userAgent: "Obsidian (fake)", language: "en" },
		document: app.doc,
		HTMLElement: win.HTMLElement,
		Node: win.Node,
		Element: win.Element,
		MutationObserver: win.MutationObserver,
		requestAnimationFrame: (cb: (t: number) => void) => globals.setTimeout(() => cb(performance.now()), 0),
		cancelAnimationFrame: (id: ReturnType<typeof setTimeout>) => globals.clearTimeout(id),
	};
	sandbox.window = sandbox;
	sandbox.globalThis = sandbox;
	sandbox.self = sandbox;
	sandbox.activeWindow = sandbox;
	sandbox.activeDocument = app.doc;
	if (options.desktopNode) {
		sandbox.require = (id: string) => {
			if (id in DESKTOP_MODULES) return DESKTOP_MODULES[id];
			throw new Error(`Cannot find module '${id}' (this test offers only http and https)`);
		};
	}
	const context = vm.createContext(sandbox);
	return {
		evaluate(code: string): LoadedBundle {
			const requested: string[] = [];
			const module = { exports: {} as Record<string, unknown> };
			const tag = options.uncached ? `\n// load ${++loads}` : "";
			const wrapper = vm.runInContext(`(function (module, exports, require) {${code}\n})${tag}`, context, {
				filename: "main.js",
			}) as (m: unknown, e: unknown, r: (id: string) => unknown) => void;
			wrapper(module, module.exports, (id: string) => {
				requested.push(id);
				if (id in OBSIDIAN_SUPPLIES) return OBSIDIAN_SUPPLIES[id];
				throw new Error(
					`Cannot find module '${id}' (only obsidian and @codemirror/state and view are available to plugins here)`,
				);
			});
			const PluginClass = (module.exports.default ?? module.exports) as LoadedBundle["PluginClass"];
			return { PluginClass, timers, requested };
		},
	};
}

export const MANIFEST = {
	id: "redline",
	name: "Redline",
	version: "0.1.0",
	minAppVersion: "1.11.4",
	description: "Test",
	author: "Redline",
	dir: `${DEFAULT_CONFIG_DIR}/plugins/redline`,
};
