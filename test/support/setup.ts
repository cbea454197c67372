/**
 * Global test set-up. Testing Library's findBy/waitFor give up after 1 s by default; on a loaded
 * 2-core CI machine React's first render can take longer than that, and a give-up there is a
 * false alarm, not a finding. Waiting longer never makes a passing test slower.
 */
import { configure } from "@testing-library/dom";

configure({ asyncUtilTimeout: 5_000 });
