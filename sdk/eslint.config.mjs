// The SDK's JavaScript (the package, its build, its tests and benches, the
// sandbox's pages): ESLint's recommended rules, in browsers and in Node.
// `make sdk-lint` runs it with the public types' check (sdk/js/tsconfig.types.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/**", "js/dist/**", ".build/**", "pkg/**"] },
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser, ...globals.node } },
    rules: {
      // A leading underscore names a parameter a signature needs and the body does not.
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
];
