/**
 * The context meter's estimate of the next request (issue 33): asks the service
 * (v1.context.measure) what sending the message box's text now would put in the request, again
 * after each pause in typing (DEBOUNCE_MS) and at once when the chat itself changed (`revision`:
 * a reply, a pin, a compaction), and after a pause in the vault's changes (`onNotesChanged`: the
 * standing instructions or a pinned note may have grown; a note being typed in changes every few
 * seconds). An answer that comes after a newer question, or for another chat, is dropped. undefined until the first answer, and whenever the service cannot tell: the meter
 * then shows the last request.
 */
import { useEffect, useRef, useState } from "react";
import type { NextRequest } from "../../thread/context-measure";
import type { UiHost } from "../host";

/** Typing waits this long before the service is asked again. */
export const DEBOUNCE_MS = 300;

export type MeasureNext = (content: string) => Promise<NextRequest | undefined>;

export function useNextRequest(
	measure: MeasureNext | undefined,
	content: string,
	revision: string,
	win: Window | null,
	vault?: Pick<UiHost, "onNotesChanged">,
): NextRequest | undefined {
	const [answer, setAnswer] = useState<{ measure: MeasureNext; measured: NextRequest | undefined }>();
	const [vaultChanges, setVaultChanges] = useState(0);
	const asked = useRef<{ content: string; vaultChanges: number } | undefined>(undefined);
	useEffect(() => vault?.onNotesChanged?.(() => setVaultChanges((n) => n + 1)), [vault]);
	useEffect(() => {
		if (!measure || !win) return;
		let live = true;
		const last = asked.current;
		const typed = last !== undefined && (last.content !== content || last.vaultChanges !== vaultChanges);
		asked.current = { content, vaultChanges };
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
	}, [measure, content, revision, win, vaultChanges]);
	// Another chat's estimate is not this one's.
	return answer && answer.measure === measure ? answer.measured : undefined;
}
