// The CDK app (bin, lib, test): ESLint's recommended rules and
// typescript-eslint's strict ones. `make infra-lint` runs it beside the type
// check (`tsc --noEmit -p infra`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default [
  // The fixtures are a built site's files, not the app's code.
  { ignores: ["cdk.out/**", "test/fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      // `const { a: _, ...rest } = o` leaves `a` out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      // A test reads the synthesized template where it expects a resource:
      // `x!` there fails the test on the line that finds it missing.
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
];
