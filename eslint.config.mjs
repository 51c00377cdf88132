import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "test-results/**", "playwright-report/**"],
  },
  {
    rules: {
      // Route contracts are generic over any auth/schema; `any` there is deliberate.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Test helpers live in testing folders and never reach a production bundle.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "inngest/**/*.ts", "scripts/**/*.ts", "drizzle/**/*.ts", "instrumentation*.ts", "next.config.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/testing", "**/testing/**", "**/*.test"], message: "Production code must not import test helpers (they live in testing folders)." }] },
      ],
    },
  },
];

export default config;
