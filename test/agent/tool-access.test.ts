/**
 * Every registered tool against the access floor, by construction: each tool's `access`
 * description is checked against what the tool really does to the vault (a recording vault,
 * with the real apply model over HTTP), and the policy is checked for every path under the
 * floor with every preference. The calls are each tool's own examples, so a registered tool is
 * covered without a change here (the suite: support/tool-access.ts); one without examples fails.
 */
import { describeToolAccess } from "./support/tool-access";

describeToolAccess();
