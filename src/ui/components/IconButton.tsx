/**
 * An icon button as Obsidian's own view headers draw them: a `clickable-icon` whose picture the
 * host draws (setIcon), named by aria-label, with the host's tooltip. A disabled one stays in the
 * tab order and says so (aria-disabled), looks dimmed (styles.css), and ignores clicks.
 */
import { forwardRef, useLayoutEffect, useRef, type ButtonHTMLAttributes } from "react";
import type { PaneIcon, UiHost } from "../host";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "disabled"> {
	host: UiHost;
	icon: PaneIcon;
	label: string;
	disabled?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
	{ host, icon, label, disabled = false, onClick, className, ...rest },
	forwarded,
) {
	const own = useRef<HTMLButtonElement | null>(null);
	// The host owns the button's content (the svg): React renders no children into it.
	useLayoutEffect(() => {
		const el = own.current;
		if (!el) return;
		host.setIcon?.(el, icon);
		host.setTooltip?.(el, label);
	}, [host, icon, label]);
	return (
		<button
			{...rest}
			ref={(el) => {
				own.current = el;
				if (typeof forwarded === "function") forwarded(el);
				else if (forwarded) forwarded.current = el;
			}}
			type="button"
			className={`clickable-icon redline-icon-button${className ? ` ${className}` : ""}`}
			aria-label={label}
			aria-disabled={disabled || undefined}
			onClick={(event) => {
				if (disabled) return;
				onClick?.(event);
			}}
		/>
	);
});
