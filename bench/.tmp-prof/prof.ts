import { readFile } from "node:fs/promises";
import vm from "node:vm";
import { App, Platform } from "../../test/fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "../../test/obsidian/support/bundle";
const file = process.argv[2] ?? (await buildBundle()).file;
Platform.isDesktopApp = false;
const code = await readFile(file, "utf8");
const t: Record<string, number[]> = { read: [], ctx: [], compile: [], run: [], full: [] };
for (let i = 0; i < 15; i++) {
	let s = performance.now(); await readFile(file, "utf8"); t.read.push(performance.now() - s);
	s = performance.now(); const c = vm.createContext({}); t.ctx.push(performance.now() - s);
	s = performance.now(); const w = vm.runInContext(`(function (module, exports, require) {${code}\n})`, c, { filename: "main.js" }); t.compile.push(performance.now() - s);
	s = performance.now(); try { w({ exports: {} }, {}, (id: string) => { if (id === "obsidian") return {Plugin: class{}, ItemView: class{}, PluginSettingTab: class{}, Modal: class{}, Component: class{}, MarkdownView: class{}, TFile: class{}, FileView: class{}, Notice: class{}, Setting: class{}}; throw new Error(id); }); } catch (e) { console.log(String(e)); } t.run.push(performance.now() - s);
	const app = new App();
	s = performance.now();
	const { PluginClass } = await loadBundle(file, app);
	(t.load ??= []).push(performance.now() - s);
	const s2 = performance.now();
	const plugin = new PluginClass(app, MANIFEST);
	await plugin.loadAsync();
	(t.onload ??= []).push(performance.now() - s2);
	t.full.push(performance.now() - s);
	plugin.unload();
	await app.win.happyDOM.close();
}
for (const [k, v] of Object.entries(t)) { const s = [...v].sort((a, b) => a - b); console.log(k, "first", v[0].toFixed(1), "median", s[Math.floor(s.length / 2)].toFixed(1)); }
console.log(file);
