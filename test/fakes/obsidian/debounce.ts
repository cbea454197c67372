/**
 * Obsidian's debounce: the call runs `timeout` ms after the last call (resetTimer) or after the
 * first one, with the latest arguments; cancel() drops it, run() runs a pending call now.
 */
import type * as O from "obsidian";
import { setTimeout, clearTimeout } from "../../../src/node/timers";

export const debounce: typeof O.debounce = <T extends unknown[], V>(
	cb: (...args: [...T]) => V,
	timeout = 0,
	resetTimer = false,
): O.Debouncer<T, V> => {
	let timer: ReturnType<typeof setTimeout> | null = null;
	let pending: [...T] | null = null;
	const fire = (): V | void => {
		if (timer !== null) clearTimeout(timer);
		timer = null;
		const args = pending;
		pending = null;
		if (args) return cb(...args);
	};
	const debounced = Object.assign(
		(...args: [...T]): O.Debouncer<T, V> => {
			pending = args;
			if (timer !== null && !resetTimer) return debounced;
			if (timer !== null) clearTimeout(timer);
			timer = setTimeout(fire, timeout);
			return debounced;
		},
		{
			cancel(): O.Debouncer<T, V> {
				if (timer !== null) clearTimeout(timer);
				timer = null;
				pending = null;
				return debounced;
			},
			run: fire,
		},
	) as O.Debouncer<T, V>;
	return debounced;
};
