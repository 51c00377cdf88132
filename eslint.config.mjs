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
    // Type-aware rules: a promise nobody awaits or handles, a promise where a boolean or a void
    // callback is expected, and a switch over a union that misses a member.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Dot folders are outside tsconfig's "**/*.ts" include, so no type information reaches them.
    files: ["app/.well-known/**/*.ts"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      "@typescript-eslint/no-floating-promises": "off",
      "@typescript-eslint/no-misused-promises": "off",
      "@typescript-eslint/switch-exhaustiveness-check": "off",
    },
  },
  {
    // Test helpers live in testing folders and never reach a production bundle.
    files: [
      "app/**/*.{ts,tsx}",
      "components/**/*.{ts,tsx}",
      "lib/**/*.{ts,tsx}",
      "inngest/**/*.ts",
      "scripts/**/*.ts",
      "drizzle/**/*.ts",
      "instrumentation*.ts",
      "next.config.ts",
    ],
    ignores: ["**/*.test.{ts,tsx}", "**/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/testing", "**/testing/**", "**/*.test"],
              message: "Production code must not import test helpers (they live in testing folders).",
            },
          ],
        },
      ],
    },
  },
  {
    // The weather core and I/O are internals of lib/weather (docs/architecture.md, decision 0152):
    // other areas use their barrels, @/lib/weather/core (pure rules) and @/lib/weather/io (or the
    // server surface @/lib/weather), so the internals can move without touching their users.
    files: ["**/*.{ts,tsx,mts}"],
    ignores: ["lib/weather/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/weather/core/*", "**/weather/io/*"],
              message: "Import the weather core or I/O through its barrel: @/lib/weather/core or @/lib/weather/io.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are defined through the composition root, which installs the domain hooks the route
    // helper runs (lib/registry/route.ts, docs/architecture.md "Layers"): importing defineRoute
    // from lib/http would make a route's loading depend on which module happened to install them.
    files: ["**/*.{ts,tsx,mts}"],
    ignores: ["lib/http/**", "lib/registry/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='@/lib/http/route'] ImportSpecifier[imported.name='defineRoute']",
          message: "Import defineRoute from @/lib/registry/route: it installs the route helper's domain hooks.",
        },
      ],
    },
  },
];

export default config;
