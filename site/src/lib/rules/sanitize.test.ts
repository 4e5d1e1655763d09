// @vitest-environment jsdom
import { sanitisingCases } from "./sanitize.cases";

sanitisingCases("in the browser");
