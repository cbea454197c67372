/**
 * Obsidian desktop gives plugins Node's require (the desktop transport uses it: streamed requests
 * a Stop can abort). For the tests of a describe block (or file) that run the plugin as on desktop:
 * window.require is Node's while they run, and what it was afterwards.
 */
import { afterAll, beforeAll } from "vitest";
import { createRequire, type NodeRequire } from "../../../src/node/module";

export function asDesktop(): void {
	const desktopRequire = (window as unknown as { require?: unknown }).require;
	beforeAll(() => void ((window as unknown as { require: NodeRequire }).require = createRequire(import.meta.url)));
	afterAll(() => void ((window as unknown as { require?: unknown }).require = desktopRequire));
}
