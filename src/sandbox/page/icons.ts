/**
 * The icons the pane asks for, drawn as Obsidian's setIcon draws them: an <svg class="svg-icon
 * lucide-NAME"> with the Lucide shapes (lucide.dev, ISC licence), stroked in currentColor. Built
 * with DOM calls in the element's own document (no markup parsed), so the page needs no icon font.
 */
import type { PaneIcon } from "../../ui/host";

type Shape = [tag: "path" | "circle" | "line", attributes: Record<string, string>];

const path = (d: string): Shape => ["path", { d }];
const circle = (cx: string, cy: string, r: string): Shape => ["circle", { cx, cy, r }];
const line = (x1: string, y1: string, x2: string, y2: string): Shape => ["line", { x1, y1, x2, y2 }];

const SHAPES: Record<PaneIcon, Shape[]> = {
	"square-pen": [
		path("M12 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7"),
		path(
			"M18.375 2.625a1 1 0 0 1 3 3l-9.013 9.014a2 2 0 0 1-.853.505l-2.873.84a.5.5 0 0 1-.62-.62l.84-2.873a2 2 0 0 1 .506-.852z",
		),
	],
	"messages-square": [
		path("M14 9a2 2 0 0 1-2 2H6l-4 4V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2z"),
		path("M18 9h2a2 2 0 0 1 2 2v11l-4-4h-6a2 2 0 0 1-2-2v-1"),
	],
	history: [path("M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8"), path("M3 3v5h5"), path("M12 7v5l4 2")],
	shield: [
		path(
			"M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z",
		),
	],
	"more-horizontal": [circle("12", "12", "1"), circle("19", "12", "1"), circle("5", "12", "1")],
	pencil: [
		path(
			"M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z",
		),
		path("m15 5 4 4"),
	],
	"trash-2": [
		path("M3 6h18"),
		path("M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6"),
		path("M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2"),
		line("10", "11", "10", "17"),
		line("14", "11", "14", "17"),
	],
	ban: [circle("12", "12", "10"), path("m4.9 4.9 14.2 14.2")],
	"alert-triangle": [
		path("m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3"),
		path("M12 9v4"),
		path("M12 17h.01"),
	],
};

const SVG = "http://www.w3.org/2000/svg";

/** Replaces el's content with the icon, as Obsidian's setIcon does. */
export function setPageIcon(el: HTMLElement, icon: PaneIcon): void {
	const doc = el.ownerDocument;
	const svg = doc.createElementNS(SVG, "svg");
	for (const [name, value] of Object.entries({
		xmlns: SVG,
		width: "24",
		height: "24",
		viewBox: "0 0 24 24",
		fill: "none",
		stroke: "currentColor",
		"stroke-width": "2",
		"stroke-linecap": "round",
		"stroke-linejoin": "round",
		class: `svg-icon lucide-${icon}`,
		"aria-hidden": "true",
	}))
		svg.setAttribute(name, value);
	for (const [tag, attributes] of SHAPES[icon]) {
		const shape = doc.createElementNS(SVG, tag);
		for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, value);
		svg.append(shape);
	}
	el.replaceChildren(svg);
}
