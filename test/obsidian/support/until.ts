/** Polls until check() gives a value (the pane mounts and the service answers on their own clocks). */
import { setTimeout } from "../../../src/node/timers";

export async function until<T>(
	check: () => T | null | undefined | Promise<T | null | undefined>,
	tries = 500,
): Promise<T> {
	for (let i = 0; i < tries; i++) {
		const value = await check();
		if (value) return value;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error("timed out waiting");
}
