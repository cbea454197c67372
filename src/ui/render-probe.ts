/**
 * Instrumentation for tests and the render bench: memoized stream items report each render here,
 * so "finished messages do not re-render while a new one streams" can be checked from outside.
 * Off (null) in normal use, where it costs one null check per render.
 */
export type RenderProbe = (component: string, key: string) => void;

let probe: RenderProbe | null = null;

/** Installs a probe (or removes it with null); returns the previous one. */
export function setRenderProbe(next: RenderProbe | null): RenderProbe | null {
	const previous = probe;
	probe = next;
	return previous;
}

export function noteRender(component: string, key: string): void {
	probe?.(component, key);
}
