import { expect, it } from "vitest";
import { sanitisingCases } from "./sanitize.cases";

// No window: the static export's build, where pages are rendered with their HTML in them.
it("runs without a window", () => expect(typeof window).toBe("undefined"));
sanitisingCases("in the export's build");
