/**
 * What every tool returns (contract 3). `message` is what the model reads; `data` is for the UI.
 * Nothing downstream matches on `message`: code reads `status` and `data`.
 */
export type ToolStatus = "success" | "rejected" | "no-op" | "error";

export interface ToolResult {
	status: ToolStatus;
	message: string;
	path?: string;
	data?: Record<string, unknown>;
}

export const toolResult = {
	success: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "success", message, ...extra }),
	rejected: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "rejected", message, ...extra }),
	noop: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "no-op", message, ...extra }),
	error: (message: string, extra: Omit<ToolResult, "status" | "message"> = {}): ToolResult => ({ status: "error", message, ...extra }),
};
