/**
 * The context meter's estimate of the next request (issue 33): asks the service
 * (v1.context.measure) what sending the message box's text now would put in the request, again
 * after each pause in typing (DEBOUNCE_MS) and at once when the chat itself changed (`revision`:
 * a reply, a pin, a compaction). An answer that comes after a newer question, or for another chat,
 * is dropped. undefined until the first answer, and whenever the service cannot tell: the meter
 * then shows the last request.
 */
import { useEffect, useRef, useState } from "react";
import type { NextRequest } from "../../thread/context-measure";

/** Typing waits this long before the service is asked again. */
export const DEBOUNCE_MS = 300;

export type MeasureNext = (content: string) => Promise<NextRequest | undefined>;

export function useNextRequest(
	measure: MeasureNext | undefined,
	content: string,
	revision: string,
	win: Window | null,
): NextRequest | undefined {
	const [answer, setAnswer] = useState<{ measure: MeasureNext; measured: NextRequest | undefined }>();
	const asked = useRef<string | undefined>(undefined);
	useEffect(() => {
		if (!measure || !win) return;
		let live = true;
		const typed = asked.current !== undefined && asked.current !== content;
		asked.current = content;
		const timer = win.setTimeout(
			() =>
				void measure(content).then(
					(measured) => live && setAnswer({ measure, measured }),
					() => live && setAnswer({ measure, measured: undefined }),
				),
			typed ? DEBOUNCE_MS : 0,
		);
		return () => {
			live = false;
			win.clearTimeout(timer);
		};
	}, [measure, content, revision, win]);
	// Another chat's estimate is not this one's.
	return answer && answer.measure === measure ? answer.measured : undefined;
}
