/**
 * The core also runs in Node (sandbox, tests), where there is no window: the global timers,
 * looked up at each use so that test clocks installed later apply.
 */
export const timers = {
	get set() {
		return setTimeout;
	},
	get clear() {
		return clearTimeout;
	},
};
