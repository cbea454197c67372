/** A picture the host draws (setIcon) inside a span React leaves empty; hidden from assistive technology. */
import { useLayoutEffect, useRef } from "react";
import type { PaneIcon, UiHost } from "../host";

export function HostIcon({ host, icon, className }: { host: UiHost; icon: PaneIcon; className?: string }) {
	const ref = useRef<HTMLSpanElement>(null);
	useLayoutEffect(() => {
		if (ref.current) host.setIcon?.(ref.current, icon);
	}, [host, icon]);
	return <span ref={ref} className={className} aria-hidden="true" />;
}
