/**
 * Main-thread CPU time between two performance.mark()s, read from a Chromium trace. Wall-clock
 * time on a shared, loaded machine includes the time the renderer waited for a core; the marks'
 * thread timestamps (`tts`, CPU time of the thread that made the mark) do not, so their
 * difference is what the page itself cost.
 */
interface TraceEvent {
	name: string;
	cat?: string;
	ts: number;
	tts?: number;
}

/** Milliseconds of main-thread CPU time from each start mark to the matching end mark. */
export function cpuBetweenMarks(traceJson: string, startMark: string, endMark: string): number[] {
	const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
	const marks = (name: string) =>
		events.filter((e) => e.name === name && (e.cat ?? "").includes("user_timing")).sort((a, b) => a.ts - b.ts);
	const starts = marks(startMark);
	const ends = marks(endMark);
	if (starts.length === 0 || starts.length !== ends.length)
		throw new Error(`the trace holds ${starts.length} ${startMark} and ${ends.length} ${endMark} marks`);
	return starts.map((start, index) => {
		const end = ends[index];
		if (start.tts === undefined || end.tts === undefined)
			throw new Error("the trace's marks carry no thread time (tts)");
		return (end.tts - start.tts) / 1000;
	});
}
