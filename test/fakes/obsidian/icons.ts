/**
 * setIcon and setTooltip. setIcon draws an <svg class="svg-icon lucide-NAME"> in place of what the
 * element held and, as the app does, nothing for a name its Lucide set lacks; the fake knows the
 * names the plugin uses (a misspelt one draws nothing, and a test sees the button empty).
 * setTooltip sets what the app's tooltip reads: aria-label, and data-tooltip-position.
 */
import type * as O from "obsidian";

/** Lucide names the app's icon set has (checked against lucide.dev), the ones Redline draws. */
const KNOWN_ICONS = new Set([
	"message-square-diff",
	"square-pen",
	"messages-square",
	"history",
	"shield",
	"more-horizontal",
	"pencil",
	"trash-2",
	"ban",
]);

const SVG = "http://www.w3.org/2000/svg";

export const setIcon: typeof O.setIcon = (parent, iconId) => {
	const name = iconId.replace(/^lucide-/, "");
	if (!KNOWN_ICONS.has(name)) return;
	const svg = parent.ownerDocument.createElementNS(SVG, "svg");
	svg.setAttribute("class", `svg-icon lucide-${name}`);
	svg.setAttribute("viewBox", "0 0 24 24");
	parent.replaceChildren(svg);
};

export const setTooltip: typeof O.setTooltip = (el, tooltip, options) => {
	if (tooltip === "") el.removeAttribute("aria-label");
	else el.setAttribute("aria-label", tooltip);
	if (options?.placement) el.setAttribute("data-tooltip-position", options.placement);
};
