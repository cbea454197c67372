/**
 * The status-bar item shown while a turn runs, so work the pane is not showing is not invisible;
 * a click opens the pane. Hidden otherwise (a status bar full of idle items is noise).
 */
export class RunningIndicator {
	constructor(private readonly el: HTMLElement) {
		el.addClass("redline-status", "mod-clickable");
		el.setAttr("aria-label", "Open the Redline chat");
		el.hide();
	}

	/** Shows how many chats are running a turn (0 hides the item). */
	show(running: number): void {
		if (running === 0) {
			this.el.hide();
			return;
		}
		this.el.setText(running === 1 ? "Redline is working…" : `Redline is working in ${running} chats…`);
		this.el.show();
	}
}
