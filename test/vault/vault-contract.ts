/**
 * One contract for every Vault: MemoryVault and FolderVault run exactly these tests (ObsidianVault
 * can too). makeVault gets the initial notes and returns the vault plus an optional cleanup.
 */
import { describe, expect, it } from "vitest";
import { VaultError, type Vault, type VaultChange } from "../../src/vault/vault";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { sleep } from "../../src/node/timers";

export interface VaultUnderTest {
	vault: Vault;
	cleanup?: () => Promise<void> | void;
}

/** Initial files: text, or raw bytes (for files that are not valid UTF-8). */
export type MakeVault = (initial: Record<string, string | Uint8Array>) => Promise<VaultUnderTest>;

/** Expects promise to reject with a VaultError of code whose message mentions mention. */
export async function expectVaultError(promise: Promise<unknown>, code: string, mention?: string): Promise<void> {
	const error: unknown = await promise.then(
		() => new Error("expected a VaultError, but the call succeeded"),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(VaultError);
	expect((error as VaultError).code).toBe(code);
	if (mention) expect((error as VaultError).message).toContain(mention);
}

/** Collects change events until `count` arrived (waiting for a watcher if there is one). */
export async function changesUntil(seen: VaultChange[], count: number): Promise<VaultChange[]> {
	await expect.poll(() => seen.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
	return seen;
}

export function describeVaultContract(name: string, makeVault: MakeVault): void {
	describe(`${name} honours the Vault contract`, () => {
		async function open(initial: Record<string, string | Uint8Array> = {}): Promise<Vault> {
			const { vault, cleanup } = await makeVault(initial);
			if (cleanup) {
				const { onTestFinished } = await import("vitest");
				onTestFinished(cleanup);
			}
			return vault;
		}

		describe("paths", () => {
			it("reads a note by a path with ./ segments, duplicate and trailing slashes", async () => {
				const vault = await open({ "Daily/Today.md": "hello" });
				expect(await vault.read("./Daily//Today.md")).toBe("hello");
				expect(await vault.exists("Daily/./Today.md")).toBe(true);
			});

			it.each([
				["a parent-folder segment", "../secret.md", ".."],
				["a parent-folder segment in the middle", "Notes/../../etc/passwd", ".."],
				["an absolute POSIX path", "/etc/passwd", "absolute"],
				["a Windows drive path", "C:/Windows/win.ini", "drive letter"],
				["a backslash path", "Notes\\..\\secret.md", "\\"],
				["a UNC share", "\\\\server\\share\\x.md", "\\"],
				["a NUL byte", "Note\u0000.md", "control character"],
				["an empty path", "", "names no note"],
			])("refuses %s with invalid-path", async (_what, path, mention) => {
				const vault = await open({ "a.md": "x" });
				await expectVaultError(vault.read(path), "invalid-path", mention);
				await expectVaultError(vault.create(path, "x"), "invalid-path");
				await expectVaultError(
					vault.process(path, (t) => t),
					"invalid-path",
				);
				await expectVaultError(vault.exists(path), "invalid-path");
			});

			it("refuses to rename a note out of the vault", async () => {
				const vault = await open({ "a.md": "x" });
				await expectVaultError(vault.rename("a.md", "../a.md"), "invalid-path");
				expect(await vault.read("a.md")).toBe("x");
			});
		});

		describe("reading and creating", () => {
			it("reports a missing note as not-found, naming it", async () => {
				const vault = await open();
				await expectVaultError(vault.read("Nope.md"), "not-found", "Nope.md");
				expect(await vault.exists("Nope.md")).toBe(false);
			});

			it("creates a note and its missing folders", async () => {
				const vault = await open();
				await vault.create("Projects/2026/Plan.md", "# Plan\n");
				expect(await vault.read("Projects/2026/Plan.md")).toBe("# Plan\n");
				expect(await vault.exists("Projects/2026")).toBe(true);
			});

			it("refuses to create over an existing note and leaves it untouched", async () => {
				const vault = await open({ "a.md": "original" });
				await expectVaultError(vault.create("a.md", "new"), "already-exists", "a.md");
				expect(await vault.read("a.md")).toBe("original");
			});

			it("refuses to read a folder as a note", async () => {
				const vault = await open({ "Folder/a.md": "x" });
				await expectVaultError(vault.read("Folder"), "not-a-file");
			});

			it("keeps unicode text exactly", async () => {
				const vault = await open();
				const text = "Ünïcødé — 日本語 🙂\r\nline two\n";
				await vault.create("Ü/ñ.md", text);
				expect(await vault.read("Ü/ñ.md")).toBe(text);
			});
		});

		describe("process", () => {
			it("replaces the text with fn(current) and returns it", async () => {
				const vault = await open({ "a.md": "one" });
				expect(await vault.process("a.md", (t) => t + " two")).toBe("one two");
				expect(await vault.read("a.md")).toBe("one two");
			});

			it("writes nothing when fn throws, and passes the error on", async () => {
				const vault = await open({ "a.md": "keep me" });
				await expect(
					vault.process("a.md", () => {
						throw new Error("changed my mind");
					}),
				).rejects.toThrow("changed my mind");
				expect(await vault.read("a.md")).toBe("keep me");
			});

			it("fails with not-found for a missing note and creates nothing", async () => {
				const vault = await open();
				await expectVaultError(
					vault.process("ghost.md", (t) => t + "x"),
					"not-found",
				);
				expect(await vault.exists("ghost.md")).toBe(false);
			});

			it("applies concurrent calls one after another, losing no update", async () => {
				const vault = await open({ "counter.md": "0" });
				const calls = Array.from({ length: 25 }, () => vault.process("counter.md", (t) => String(Number(t) + 1)));
				const results = await Promise.all(calls);
				expect(await vault.read("counter.md")).toBe("25");
				expect([...results].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
			});

			it("lets a failing call in a queue of concurrent calls not disturb the others", async () => {
				const vault = await open({ "log.md": "" });
				const calls = ["a", "b", "fail", "c"].map((step) =>
					vault.process("log.md", (t) => {
						if (step === "fail") throw new Error("no");
						return t + step;
					}),
				);
				const settled = await Promise.allSettled(calls);
				expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
				expect(await vault.read("log.md")).toBe("abc");
			});
		});

		describe("rename and trash", () => {
			it("renames a note into a new folder", async () => {
				const vault = await open({ "a.md": "text" });
				await vault.rename("a.md", "Archive/b.md");
				expect(await vault.exists("a.md")).toBe(false);
				expect(await vault.read("Archive/b.md")).toBe("text");
			});

			it("updates the links to a renamed note in other notes, as Obsidian's renameFile does", async () => {
				const vault = await open({
					"Plan.md": "[[Plan#Top]]\n",
					"Daily.md": "[[Plan|the plan]] ![[Plan]] [p](Plan.md) `[[Plan]]`\n",
					"Other.md": "no links\n",
				});
				await vault.rename("Plan.md", "Work/Road map.md");
				expect(await vault.read("Daily.md")).toBe(
					"[[Road map|the plan]] ![[Road map]] [p](Work/Road%20map.md) `[[Plan]]`\n",
				);
				expect(await vault.read("Work/Road map.md")).toBe("[[Road map#Top]]\n");
				expect(await vault.read("Other.md")).toBe("no links\n");
			});

			it("refuses to rename over an existing note", async () => {
				const vault = await open({ "a.md": "A", "b.md": "B" });
				await expectVaultError(vault.rename("a.md", "b.md"), "already-exists", "b.md");
				expect(await vault.read("a.md")).toBe("A");
				expect(await vault.read("b.md")).toBe("B");
			});

			it("refuses to rename a missing note", async () => {
				const vault = await open();
				await expectVaultError(vault.rename("a.md", "b.md"), "not-found");
			});

			it("trashes a note: gone from the vault and its list", async () => {
				const vault = await open({ "a.md": "findable", "b.md": "other" });
				await vault.trash("a.md");
				expect(await vault.exists("a.md")).toBe(false);
				expect((await vault.list()).map((n) => n.path)).toEqual(["b.md"]);
			});

			it("refuses to trash a missing note", async () => {
				const vault = await open();
				await expectVaultError(vault.trash("a.md"), "not-found");
			});
		});

		describe("list", () => {
			const notes = {
				"b.md": "B",
				"a.md": "A",
				"Folder/c.md": "C",
				"Folder/Sub/d.md": "D",
				"Folderish.md": "not in Folder",
				[`${DEFAULT_CONFIG_DIR}/workspace.md`]: "config",
			};

			it("lists every note sorted by path, skipping dot-folders", async () => {
				const vault = await open(notes);
				expect((await vault.list()).map((n) => n.path)).toEqual([
					"Folder/Sub/d.md",
					"Folder/c.md",
					"Folderish.md",
					"a.md",
					"b.md",
				]);
			});

			it("lists only notes under a folder, including subfolders", async () => {
				const vault = await open(notes);
				expect((await vault.list("Folder")).map((n) => n.path)).toEqual(["Folder/Sub/d.md", "Folder/c.md"]);
				expect((await vault.list("Folder/")).map((n) => n.path)).toEqual(["Folder/Sub/d.md", "Folder/c.md"]);
			});

			it("gives size in bytes and a modification time", async () => {
				const vault = await open({ "u.md": "é" });
				const [stat] = await vault.list();
				expect(stat.size).toBe(2);
				expect(stat.mtime).toBeGreaterThan(0);
			});

			it("stats one note like list does, and refuses a missing note or a folder", async () => {
				const vault = await open({ "Folder/u.md": "é" });
				const [listed] = await vault.list();
				expect(await vault.stat("./Folder/u.md")).toEqual(listed);
				await expectVaultError(vault.stat("Folder/none.md"), "not-found");
				await expectVaultError(vault.stat("Folder"), "not-a-file");
				await expectVaultError(vault.stat("../x.md"), "invalid-path");
			});

			it("gives a note a new fingerprint when it is modified", async () => {
				const vault = await open({ "n.md": "one" });
				const before = await vault.stat("n.md");
				await sleep(5);
				await vault.process("n.md", () => "one two");
				const after = await vault.stat("n.md");
				expect(after.size).toBe(7);
				expect(after.mtime).toBeGreaterThanOrEqual(before.mtime);
			});

			it("lists nothing for a missing folder and refuses a note as a folder", async () => {
				const vault = await open(notes);
				expect(await vault.list("Nowhere")).toEqual([]);
				await expectVaultError(vault.list("a.md"), "not-a-file");
				await expectVaultError(vault.list("../"), "invalid-path");
			});
		});

		describe("change events", () => {
			it("reports create, modify, rename and delete of its own writes", async () => {
				const vault = await open({ "a.md": "1" });
				const seen: VaultChange[] = [];
				vault.onChange((c) => seen.push(c));
				await vault.create("n.md", "new");
				await vault.process("a.md", () => "2");
				await vault.rename("n.md", "m.md");
				await vault.trash("a.md");
				await changesUntil(seen, 4);
				expect(seen.slice(0, 4)).toEqual([
					{ type: "create", path: "n.md" },
					{ type: "modify", path: "a.md" },
					{ type: "rename", path: "m.md", oldPath: "n.md" },
					{ type: "delete", path: "a.md" },
				]);
			});

			it("stops reporting after unsubscribe, and a process that changes nothing reports nothing", async () => {
				const vault = await open({ "a.md": "same" });
				const seen: VaultChange[] = [];
				const off = vault.onChange((c) => seen.push(c));
				await vault.process("a.md", (t) => t);
				off();
				await vault.process("a.md", () => "changed");
				await vault.create("b.md", "x");
				const marker: VaultChange[] = [];
				vault.onChange((c) => marker.push(c));
				await vault.create("c.md", "x");
				await changesUntil(marker, 1);
				expect(seen).toEqual([]);
			});
		});

		describe("text that is not valid UTF-8", () => {
			// "café" in Latin-1, and a lone continuation byte: a lossy decoder would turn both into U+FFFD.
			const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);
			const stray = new Uint8Array([0x41, 0x80, 0x42]);

			it("refuses to read it, with a clear error, instead of decoding it lossily", async () => {
				const vault = await open({ "Latin.md": latin1, "Stray.md": stray, "Fine.md": "caf\u00e9\n" });
				await expectVaultError(vault.read("Latin.md"), "not-text", "not valid UTF-8");
				await expectVaultError(vault.read("Stray.md"), "not-text");
				expect(await vault.read("Fine.md")).toBe("caf\u00e9\n");
			});

			it("refuses to process it and leaves its bytes as they are", async () => {
				const vault = await open({ "Latin.md": latin1 });
				let called = false;
				await expectVaultError(
					vault.process("Latin.md", (text) => {
						called = true;
						return text + "more";
					}),
					"not-text",
				);
				expect(called).toBe(false);
				await expectVaultError(vault.read("Latin.md"), "not-text");
			});

			it("keeps a UTF-8 BOM in the text", async () => {
				const vault = await open({ "Bom.md": new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]) });
				expect(await vault.read("Bom.md")).toBe("\ufeffhi");
			});
		});
	});
}
