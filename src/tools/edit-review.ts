/**
 * The two edit tools' halves of review before write, shared: offer a validated draft for review
 * (or answer the refusal that stopped it), and write what the user accepted of it. The composer
 * does the work (propose-draft.ts, write-reviewed.ts); edit-result.ts words it.
 */
import { confineSessionDraft } from "../composer/confine-draft";
import { proposeDraft } from "../composer/propose-draft";
import { recordUsageApart } from "../composer/usage-apart";
import type { Drafted, EditOutcome } from "../composer/edit-outcome";
import { writeReviewed } from "../composer/write-reviewed";
import type { ReviewDeps } from "../composer/write-reviewed";
import type { ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Store } from "../store/store";
import { editResult, reviewResult } from "./edit-result";
import type { Suspended, ToolContext } from "./tool";

export async function offerDraft(
	drafts: Store,
	drafted: Drafted | EditOutcome,
	ctx: ToolContext,
): Promise<ToolResult | Suspended> {
	const confined = await confineSessionDraft(drafted, ctx);
	// A draft that is not offered spent its apply calls all the same (usage-apart.ts).
	if (!("proposed" in confined)) {
		if ("proposed" in drafted) recordUsageApart(ctx, drafted.usage);
		return editResult(confined);
	}
	const proposal = await proposeDraft(drafts, confined, ctx);
	if ("offered" in proposal) return { suspended: true, waitingFor: "review", editId: proposal.editId };
	recordUsageApart(ctx, confined.usage);
	return editResult(proposal);
}

export async function writeAccepted(deps: ReviewDeps, call: ToolCallView, ctx: ToolContext): Promise<ToolResult> {
	if (!call.draft) return toolResult.error("This call has no draft to write; nothing was written.");
	return reviewResult(await writeReviewed(deps, call.draft, ctx));
}
