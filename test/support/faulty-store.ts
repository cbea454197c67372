/**
 * A Store that fails on purpose, for fault tests: it wraps a real Store (a MemoryStore by
 * default) and, as programmed, fails the Nth mutation (append or write) from now, tears it
 * (writes the first part of the text, then fails, as a full disk or a killed process does),
 * slows every mutation down, or dies (every later mutation fails, as in a killed process).
 * Reads and lists always pass through: the faults under test are in the write path.
 */
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { setTimeout } from "../../src/node/timers";

export type FaultKind = "fail" | "tear";

interface Fault {
	/** Matching mutations left before the faulty one (0: the next one is faulty). */
	after: number;
	kind: FaultKind;
	/** Which mutations count. */
	matches: (op: "append" | "write", key: string, text: string) => boolean;
	error: Error;
}

/** The error a busy disk gives (Windows antivirus, iCloud sync). */
export function busyError(): Error {
	return Object.assign(new Error("EBUSY: resource busy or locked"), { code: "EBUSY" });
}

export class FaultyStore implements Store {
	/** Mutations attempted so far (successful or not), in order: "append threads/t.jsonl". */
	readonly mutations: string[] = [];
	/** Keys read so far, in order. */
	readonly reads: string[] = [];
	private readonly faults: Fault[] = [];
	private delayMs = 0;
	private dead: Error | null = null;
	private readonly deadError = new Error("the process was killed");

	constructor(readonly inner: MemoryStore = new MemoryStore()) {}

	/**
	 * Makes the nth mutation from now (1: the next one) of keys under prefix fail; "tear" first
	 * writes the first half of its text. Several faults can be armed at once.
	 */
	failNth(n: number, kind: FaultKind = "fail", options: { prefix?: string; error?: Error } = {}): void {
		const prefix = options.prefix ?? "";
		this.faults.push({
			after: n - 1,
			kind,
			matches: (_op, key) => key.startsWith(prefix),
			error: options.error ?? busyError(),
		});
	}

	/** Makes the first mutation that matches fail (or tear), e.g. the append that carries a proposal. */
	failWhen(
		matches: (op: "append" | "write", key: string, text: string) => boolean,
		kind: FaultKind = "fail",
		error: Error = busyError(),
	): void {
		this.faults.push({ after: 0, kind, matches, error });
	}

	/** Every later mutation takes ms longer (0: back to normal). */
	slowWrites(ms: number): void {
		this.delayMs = ms;
	}

	/** The process died: every later mutation fails and changes nothing. */
	kill(): void {
		this.dead = this.deadError;
	}

	get killed(): boolean {
		return this.dead !== null;
	}

	/** Mutations of keys under prefix attempted so far. */
	count(op: "append" | "write", prefix = ""): number {
		return this.mutations.filter((m) => m.startsWith(`${op} ${prefix}`)).length;
	}

	append(key: string, text: string): Promise<void> {
		return this.mutate(
			"append",
			key,
			text,
			() => this.inner.append(key, text),
			(part) => this.inner.append(key, part),
		);
	}

	write(key: string, text: string): Promise<void> {
		// A torn write of a whole value: the store's write is atomic where the medium allows, so
		// a tear leaves the old value (FolderStore writes a temp file and renames it).
		return this.mutate("write", key, text, () => this.inner.write(key, text), null);
	}

	read(key: string): Promise<string | null> {
		this.reads.push(key);
		return this.inner.read(key);
	}

	list(prefix: string): Promise<string[]> {
		return this.inner.list(prefix);
	}

	remove(key: string): Promise<void> {
		if (this.dead) return Promise.reject(this.dead);
		return this.inner.remove(key);
	}

	private async mutate(
		op: "append" | "write",
		key: string,
		text: string,
		whole: () => Promise<void>,
		part: ((text: string) => Promise<void>) | null,
	): Promise<void> {
		this.mutations.push(`${op} ${key}`);
		this.refuseIfDead();
		const fault = this.takeFault(op, key, text);
		if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
		// Killed while the write waited: it never happened.
		this.refuseIfDead();
		if (!fault) return whole();
		if (fault.kind === "tear" && part) await part(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
		throw fault.error;
	}

	private refuseIfDead(): void {
		if (this.dead) throw this.dead;
	}

	/** Counts this mutation against every armed fault; returns the one that fires, if any. */
	private takeFault(op: "append" | "write", key: string, text: string): Fault | undefined {
		let fired: Fault | undefined;
		for (const fault of [...this.faults]) {
			if (!fault.matches(op, key, text)) continue;
			if (fault.after > 0) {
				fault.after--;
				continue;
			}
			this.faults.splice(this.faults.indexOf(fault), 1);
			fired ??= fault;
		}
		return fired;
	}
}
