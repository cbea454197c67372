/**
 * A date or date-time argument, as a model writes it: ISO 8601, "2026-05-01" or
 * "2026-05-01T14:30" (seconds, milliseconds, "Z" or an offset optional; a space for the "T" too).
 * Without an offset it is the user's local time; a date alone is the start of that day. Anything
 * else, or a day that does not exist (2026-02-30), is refused with a message for the model.
 */

const ISO =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export type ParsedTime = { ok: true; ms: number } | { ok: false; message: string };

function daysIn(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function parseIsoTime(input: string): ParsedTime {
	const text = input.trim();
	const bad = (why: string): ParsedTime => ({
		ok: false,
		message: `${JSON.stringify(input)} ${why}: use an ISO date like 2026-05-01, or a date and time like 2026-05-01T14:30`,
	});
	const match = ISO.exec(text);
	if (!match) return bad("is not a date");
	const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0)) as [
		number,
		number,
		number,
		number,
		number,
		number,
	];
	const ms = Number((match[7] ?? "0").padEnd(3, "0"));
	if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return bad("is not a day of the calendar");
	if (hour > 23 || minute > 59 || second > 59) return bad("is not a time of day");
	const zone = match[8];
	if (zone === undefined) return { ok: true, ms: new Date(year, month - 1, day, hour, minute, second, ms).getTime() };
	let offset = 0;
	if (zone.toUpperCase() !== "Z") {
		const digits = zone.slice(1).replace(":", "");
		const hours = Number(digits.slice(0, 2));
		const minutes = Number(digits.slice(2) || "0");
		if (hours > 23 || minutes > 59) return bad("has an offset that is not one");
		offset = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
	}
	return { ok: true, ms: Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000 };
}
